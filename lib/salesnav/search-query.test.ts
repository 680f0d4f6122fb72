import { describe, expect, it } from 'vitest';
import { buildSearchUrl } from './build-url.ts';
import { FILTER_TYPES, isKnownFilterType, type SearchQuery } from './filters.ts';
import { parseSearchQuery, serialiseSearchQuery, withoutSessionState } from './search-query.ts';

describe('the filter catalogue', () => {
  it('has the 35 people and 17 company rows of the captured layout (§4.2, §4.3)', () => {
    expect(FILTER_TYPES.LEAD).toHaveLength(35);
    expect(FILTER_TYPES.ACCOUNT).toHaveLength(17);
  });

  it('reads legacy types from old URLs but keeps them out of the layout', () => {
    expect(isKnownFilterType('LEAD', 'TITLE')).toBe(true);
    expect(FILTER_TYPES.LEAD).not.toContain('TITLE');
    expect(isKnownFilterType('ACCOUNT', 'TECHNOLOGIES_USED')).toBe(true);
    expect(isKnownFilterType('ACCOUNT', 'CURRENT_TITLE')).toBe(false);
  });
});

describe('serialiseSearchQuery', () => {
  it('writes a typed query the way the UI does, text encoded, structure raw', () => {
    const query: SearchQuery = {
      keywords: '"family office" OR founder',
      filters: [
        {
          type: 'CURRENT_COMPANY',
          values: [{ id: 'urn:li:organization:1441', text: 'Google', selectionType: 'INCLUDED', parent: { id: '0' } }],
        },
        { type: 'CURRENT_TITLE', values: [{ text: 'Head of Sales (EMEA)', selectionType: 'EXCLUDED' }] },
      ],
    };
    expect(serialiseSearchQuery(query)).toBe(
      '(keywords:%22family%20office%22%20OR%20founder,filters:List((type:CURRENT_COMPANY,values:List((id:urn%3Ali%3Aorganization%3A1441,text:Google,selectionType:INCLUDED,parent:(id:0)))),(type:CURRENT_TITLE,values:List((text:Head%20of%20Sales%20%28EMEA%29,selectionType:EXCLUDED)))))',
    );
    expect(parseSearchQuery('LEAD', serialiseSearchQuery(query))).toEqual({ ok: true, value: query });
  });

  it('builds a company search URL in the address-bar encoding of the §1.3 example', () => {
    const url = buildSearchUrl('ACCOUNT', {
      filters: [
        {
          type: 'ACCOUNT_ACTIVITIES',
          values: [{ id: 'RFE', text: 'Finanzierungsrunden in den vergangenen 12 Monaten', selectionType: 'INCLUDED' }],
        },
      ],
    });
    expect(url).toBe(
      'https://www.linkedin.com/sales/search/company?query=(filters%3AList((type%3AACCOUNT_ACTIVITIES%2Cvalues%3AList((id%3ARFE%2Ctext%3AFinanzierungsrunden%2520in%2520den%2520vergangenen%252012%2520Monaten%2CselectionType%3AINCLUDED)))))',
    );
  });

  it('never lets an extra replace a known field, and keeps a __proto__ extra as data', () => {
    const extra = Object.defineProperty({ type: 'EVIL' }, '__proto__', { value: 'x', enumerable: true });
    const text = serialiseSearchQuery({ filters: [{ type: 'REGION', values: [], extra }] });
    expect(text).toBe('(filters:List((type:REGION,values:List(),__proto__:x)))');
  });
});

describe('parseSearchQuery', () => {
  it('keeps an unknown __proto__ field as data and writes it back', () => {
    const result = parseSearchQuery('LEAD', '(filters:List(),__proto__:(polluted:true))');
    if (!result.ok) throw new Error(result.reason);
    expect(Object.keys(result.value.extra ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(serialiseSearchQuery(result.value)).toBe('(filters:List(),__proto__:(polluted:true))');
  });

  it.each([
    ['(recentSearchParam:(id:1,other:2))', "recentSearchParam has an unexpected field 'other'"],
    ['(filters:(type:REGION))', 'filters must be a List(…)'],
    ['(filters:List((type:region,values:List())))', "filter 1 has a malformed type 'region'"],
    ['(filters:List((values:List())))', 'filter 1 has no type'],
    ['(keywords:List(a))', 'keywords must be a plain value'],
    ['List(1)', 'query must be a (key:value,…) record'],
  ])('refuses %s: %s', (text, reason) => {
    expect(parseSearchQuery('LEAD', text)).toEqual({ ok: false, rule: 'malformed-query', reason });
  });
});

describe('withoutSessionState', () => {
  it('drops the recent-search bookkeeping and nothing else', () => {
    const query: SearchQuery = {
      spellCorrectionEnabled: true,
      recentSearchParam: { id: '2154062338', doLogHistory: true },
      keywords: 'lix',
      filters: [],
    };
    expect(withoutSessionState(query)).toEqual({ spellCorrectionEnabled: true, keywords: 'lix', filters: [] });
  });
});
