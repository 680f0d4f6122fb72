import { describe, expect, it } from 'vitest';
import { defaultEnrich, estimateText } from './estimate.ts';
import { parseCount } from './page-facts.ts';

describe('the page’s result count', () => {
  it.each([
    ['14 results', 14],
    ['1 result', 1],
    ['2,500+ results', 2500],
    ['1K+ results', 1000],
    ['1.2K results', 1200],
    ['3M+ results', 3_000_000],
    ['60 leads', 60],
    ['15 accounts', 15],
  ])('reads "%s" as %d', (text, count) => {
    expect(parseCount(text)).toBe(count);
  });

  it.each(['Results', 'Lead search', '14 new since you last viewed', ''])('reads no count in "%s"', (text) => {
    expect(parseCount(text)).toBeNull();
  });
});

describe('the estimate', () => {
  it('counts leads and credits, capped where Sales Navigator stops', () => {
    expect(estimateText('people-search', 14)).toBe('About 14 leads, up to 14 credits (1 per lead, emails included).');
    expect(estimateText('account-list', 1)).toBe('About 1 account, up to 1 credit (1 per account).');
    expect(estimateText('people-search', 3000)).toBe(
      'The page shows 3,000+ results: the first 2,500 leads are extracted, up to 2,500 credits (1 per lead, emails included).',
    );
  });

  it('says nothing without a count, or on a single profile', () => {
    expect(estimateText('people-search', null)).toBeNull();
    expect(estimateText('lead', 1)).toBeNull();
  });

  it('finds emails by default for people only', () => {
    expect(defaultEnrich('people-search')).toBe('matching');
    expect(defaultEnrich('lead-list')).toBe('all');
    expect(defaultEnrich('company-search')).toBe('none');
  });
});
