import { describe, expect, it } from 'vitest';
import { BuildSearchMessage, chipsOf, filterTypeName } from './search-builder.ts';

describe('search builder (extension side)', () => {
  it('turns filters_used into chips, NOT labels as excluded chips', () => {
    expect(chipsOf({ REGION: ['France', 'NOT Paris'], keywords: ['rust'] })).toEqual([
      { type: 'REGION', label: 'France', excluded: false },
      { type: 'REGION', label: 'Paris', excluded: true },
      { type: 'keywords', label: 'rust', excluded: false },
    ]);
    expect(filterTypeName('CURRENT_TITLE')).toBe('Title');
    expect(filterTypeName('NUM_OF_FOLLOWERS')).toBe('Num of followers');
  });

  it('the popup’s message carries a 10..2000 character description and LEAD or ACCOUNT', () => {
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'CTOs in Berlin', searchType: 'LEAD' }).success,
    ).toBe(true);
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'short', searchType: 'LEAD' }).success,
    ).toBe(false);
    expect(
      BuildSearchMessage.safeParse({ type: 'build-search', description: 'CTOs in Berlin', searchType: 'PEOPLE' })
        .success,
    ).toBe(false);
  });
});
