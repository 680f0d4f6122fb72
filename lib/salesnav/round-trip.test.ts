import { describe, expect, it } from 'vitest';
import { buildSalesNavUrl, buildSearchUrl, normaliseSalesNavUrl } from './build-url.ts';
import { EXAMPLE_QUERIES, EXAMPLE_RESTLI, EXAMPLE_URLS } from './fixtures/protocol-examples.ts';
import { pageKind } from './page-kind.ts';
import { parseSalesNavUrl } from './parse-url.ts';
import { parseRestli, serialiseRestli } from './restli.ts';
import { parseSearchQuery, serialiseSearchQuery } from './search-query.ts';
import { type SalesNavTarget, targetPageKind } from './target.ts';

const target = (url: string): SalesNavTarget => {
  const result = parseSalesNavUrl(url);
  if (!result.ok) throw new Error(`${url}: ${result.rule}: ${result.reason}`);
  return result.value;
};

describe('every example URL in the protocol notes', () => {
  it.each(EXAMPLE_URLS)('$from parses, builds and parses back equal', ({ url, kind }) => {
    const first = target(url);
    expect(first.kind).toBe(kind);
    const canonical = buildSalesNavUrl(first);
    expect(target(canonical)).toEqual(first);
    // The canonical URL is a fixed point, and the content script sees the same page in both.
    expect(buildSalesNavUrl(target(canonical))).toBe(canonical);
    expect(pageKind(canonical)).toBe(pageKind(url));
    expect(pageKind(url)).toBe(targetPageKind(first));
  });
});

describe('every example query in the protocol notes', () => {
  it.each(EXAMPLE_QUERIES)('$from reads, writes and reads back equal', ({ kind, query }) => {
    const first = parseSearchQuery(kind, query);
    if (!first.ok) throw new Error(first.reason);
    const written = serialiseSearchQuery(first.value);
    expect(parseSearchQuery(kind, written)).toEqual(first);
    // Through a built URL too: the extra layer of encoding comes off again.
    const url = buildSearchUrl(kind, first.value);
    expect(target(url)).toEqual({ kind: kind === 'LEAD' ? 'people-search' : 'company-search', query: first.value });
  });
});

describe('other Rest.li text in the protocol notes', () => {
  it.each(EXAMPLE_RESTLI)('$from round-trips exactly', ({ text }) => {
    const parsed = parseRestli(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(serialiseRestli(parsed.value)).toBe(text);
  });
});

describe('normaliseSalesNavUrl', () => {
  it('gives one URL for every spelling of the same search', () => {
    const spellings = [
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((id:102221843,text:North%20America,selectionType:INCLUDED)))))',
      'https://www.linkedin.com/sales/search/people?query=(filters%3AList((type%3AREGION%2Cvalues%3AList((id%3A102221843%2Ctext%3ANorth%2520America%2CselectionType%3AINCLUDED)))))&sessionId=abc%3D%3D&viewAllFilters=true&page=3',
      'https://uk.linkedin.com/sales/search/people/#query=(filters:List((type:REGION,values:List((id:102221843,text:North%20America,selectionType:INCLUDED)))))',
      'https://linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((id:102221843,text:North America,selectionType:INCLUDED)))))',
    ];
    const urls = spellings.map((url) => {
      const result = normaliseSalesNavUrl(url);
      if (!result.ok) throw new Error(result.reason);
      return result.url;
    });
    expect(new Set(urls)).toEqual(
      new Set([
        'https://www.linkedin.com/sales/search/people?query=(filters%3AList((type%3AREGION%2Cvalues%3AList((id%3A102221843%2Ctext%3ANorth%2520America%2CselectionType%3AINCLUDED)))))',
      ]),
    );
  });

  it('writes the LIX example in the order the UI does, without the session id', () => {
    const result = normaliseSalesNavUrl(EXAMPLE_URLS[0]!.url);
    expect(result.ok && result.url).toBe(
      'https://www.linkedin.com/sales/search/people?query=(spellCorrectionEnabled%3Atrue%2CrecentSearchParam%3A(id%3A2154062338%2CdoLogHistory%3Atrue)%2Ckeywords%3Alix%2Cfilters%3AList())',
    );
  });

  it.each([
    [
      'https://www.linkedin.com/sales/search/people?savedSearchId=50452421&sessionId=x',
      '/sales/search/people?savedSearchId=50452421',
    ],
    [
      'https://www.linkedin.com/sales/search/company#savedSearchId=50500827',
      '/sales/search/company?savedSearchId=50500827',
    ],
    [
      'https://www.linkedin.com/sales/lists/company/6723938983346360320/?page=2',
      '/sales/lists/company/6723938983346360320',
    ],
    [
      'https://www.linkedin.com/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A%2CNAME_SEARCH%2Cn7cD',
      '/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A,NAME_SEARCH,n7cD',
    ],
    [
      'https://www.linkedin.com/sales/people/ACwAABUtWTAB8fphT-VDuOX6vRdiejVCxdAU4tk',
      '/sales/lead/ACwAABUtWTAB8fphT-VDuOX6vRdiejVCxdAU4tk',
    ],
    ['https://de.linkedin.com/sales/company/17412?_ntb=x', '/sales/company/17412'],
    ['17412', '/sales/company/17412'],
    ['urn:li:fs_salesCompany:900001', '/sales/company/900001'],
    ['urn:li:fs_salesProfile:(ACwAAAA1B2C3,NAME_SEARCH,ab12)', '/sales/lead/ACwAAAA1B2C3,NAME_SEARCH,ab12'],
    ['https://www.linkedin.com/sales/search/people', '/sales/search/people?query=(filters%3AList())'],
  ])('%s becomes %s', (input, path) => {
    const result = normaliseSalesNavUrl(input);
    expect(result.ok && result.url).toBe(`https://www.linkedin.com${path}`);
  });
});
