import { describe, expect, it } from 'vitest';
import { buildSalesNavUrl } from './build-url.ts';
import { parseSalesNavUrl } from './parse-url.ts';
import { MAX_SALES_URL_LENGTH } from './sales-path.ts';

const base = 'https://www.linkedin.com';

describe('parseSalesNavUrl reads', () => {
  it('a people search into typed filters, dropping the session id', () => {
    const url = `${base}/sales/search/people?query=(spellCorrectionEnabled%3Atrue%2CrecentSearchParam%3A(id%3A2154062338%2CdoLogHistory%3Atrue)%2Ckeywords%3Alix)&sessionId=GumqcP8vR0aPVWr3cNR74A%3D%3D`;
    expect(parseSalesNavUrl(url)).toEqual({
      ok: true,
      value: {
        kind: 'people-search',
        query: {
          spellCorrectionEnabled: true,
          recentSearchParam: { id: '2154062338', doLogHistory: true },
          keywords: 'lix',
          filters: [],
        },
      },
    });
  });

  it('a company search with a range filter', () => {
    const url = `${base}/sales/search/company?query=(filters:List((type:ANNUAL_REVENUE,rangeValue:(min:0.5,max:1001),selectedSubFilter:EUR)))`;
    expect(parseSalesNavUrl(url)).toEqual({
      ok: true,
      value: {
        kind: 'company-search',
        query: { filters: [{ type: 'ANNUAL_REVENUE', rangeValue: { min: 0.5, max: 1001 }, selectedSubFilter: 'EUR' }] },
      },
    });
  });

  it('text leaves encoded once or twice to the same text', () => {
    const once = parseSalesNavUrl(`${base}/sales/search/people?query=(keywords:head%20of%20sales)`);
    const twice = parseSalesNavUrl(`${base}/sales/search/people?query=(keywords%3Ahead%2520of%2520sales)`);
    expect(once).toEqual({
      ok: true,
      value: { kind: 'people-search', query: { keywords: 'head of sales', filters: [] } },
    });
    expect(twice).toEqual(once);
  });

  it('parens in text only when encoded twice: once, the address bar cannot tell them from structure', () => {
    const twice = parseSalesNavUrl(`${base}/sales/search/people?query=(keywords%3Ahead%2520of%2520%2528sales%2529)`);
    expect(twice).toMatchObject({ ok: true, value: { query: { keywords: 'head of (sales)' } } });
    const once = parseSalesNavUrl(`${base}/sales/search/people?query=(keywords:head%20of%20%28sales%29)`);
    expect(once).toMatchObject({ ok: false, rule: 'malformed-query' });
  });

  it('saved and recent searches, the saved id winning', () => {
    expect(parseSalesNavUrl(`${base}/sales/search/people?savedSearchId=50452421&lastViewedAt=1700000000000`)).toEqual({
      ok: true,
      value: { kind: 'saved-search', search: 'LEAD', savedSearchId: '50452421', lastViewedAt: '1700000000000' },
    });
    expect(parseSalesNavUrl(`${base}/sales/search/company?recentSearchId=77&savedSearchId=50500827`)).toEqual({
      ok: true,
      value: { kind: 'saved-search', search: 'ACCOUNT', savedSearchId: '50500827' },
    });
    expect(parseSalesNavUrl(`${base}/sales/search/company#recentSearchId=77`)).toEqual({
      ok: true,
      value: { kind: 'recent-search', search: 'ACCOUNT', recentSearchId: '77' },
    });
  });

  it('lists with their sort, and lead pages with their auth parts', () => {
    expect(parseSalesNavUrl(`${base}/sales/lists/people/7371658687360155648?sortOrder=ASCENDING`)).toEqual({
      ok: true,
      value: { kind: 'lead-list', listId: '7371658687360155648', sortOrder: 'ASCENDING' },
    });
    expect(parseSalesNavUrl(`${base}/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A,NAME_SEARCH,n7cD`)).toEqual({
      ok: true,
      value: {
        kind: 'lead',
        leadId: 'ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A',
        authType: 'NAME_SEARCH',
        authToken: 'n7cD',
      },
    });
  });

  it('bare ids and sales URNs, trimmed', () => {
    expect(parseSalesNavUrl(' 17412 ')).toEqual({ ok: true, value: { kind: 'account', accountId: '17412' } });
    expect(parseSalesNavUrl('ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A')).toEqual({
      ok: true,
      value: { kind: 'lead', leadId: 'ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A' },
    });
    expect(parseSalesNavUrl('urn:li:fs_salesProfile:(ACwAAAA1B2C3,NAME_SEARCH,ab12)')).toEqual({
      ok: true,
      value: { kind: 'lead', leadId: 'ACwAAAA1B2C3', authType: 'NAME_SEARCH', authToken: 'ab12' },
    });
  });

  it('keeps fields the model does not know, so a replay loses nothing', () => {
    const url = `${base}/sales/search/people?query=(filters:List((type:REGION,values:List((id:1,selectionType:INCLUDED,futureFlag:x)),futureKey:(a:b))),futureTop:List(1))`;
    const result = parseSalesNavUrl(url);
    expect(result.ok && result.value).toEqual({
      kind: 'people-search',
      query: {
        filters: [
          {
            type: 'REGION',
            values: [{ id: '1', selectionType: 'INCLUDED', extra: { futureFlag: 'x' } }],
            extra: { futureKey: { a: 'b' } },
          },
        ],
        extra: { futureTop: ['1'] },
      },
    });
  });
});

describe('parseSalesNavUrl refuses', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe/', 'public-profile'],
    ['http://www.linkedin.com/in/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A', 'public-profile'],
    ['https://uk.linkedin.com/pub/jane-doe/1/2/3', 'public-profile'],
    ['http://www.linkedin.com/sales/search/people?query=(keywords:cto)', 'not-https'],
    ['ftp://www.linkedin.com/sales/search/people', 'not-https'],
    ['javascript:alert(1)', 'not-https'],
    ['https://evil.test/sales/search/people', 'not-linkedin-host'],
    ['https://www.linkedin.com.evil.example/sales/search/people', 'not-linkedin-host'],
    ['https://linkedin.com.evil.example/sales/search/people', 'not-linkedin-host'],
    ['https://evil-linkedin.com/sales/search/people', 'not-linkedin-host'],
    ['https://wwwlinkedin.com/sales/search/people', 'not-linkedin-host'],
    ['https://a.b.linkedin.com/sales/search/people', 'not-linkedin-host'],
    ['https://www.linkedin.com:8443/sales/search/people', 'not-linkedin-host'],
    ['https://evil.test/www.linkedin.com/sales/search/people', 'not-linkedin-host'],
    ['https://www.linkedin.com@evil.test/sales/search/people', 'not-linkedin-host'],
    ['https://user:pw@www.linkedin.com/sales/search/people', 'userinfo'],
    ['www.linkedin.com/sales/search/people', 'not-a-url'],
    ['not a url', 'not-a-url'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['https://www.linkedin.com/login', 'sign-in-page'],
    ['https://www.linkedin.com/checkpoint/challenge/AgE', 'sign-in-page'],
    ['https://www.linkedin.com/authwall?trk=x', 'sign-in-page'],
    ['https://www.linkedin.com/search/results/people/?keywords=cto', 'not-sales-path'],
    ['https://www.linkedin.com/sales/../search/results/people/', 'not-sales-path'],
    ['https://www.linkedin.com/sales/%2E%2E/in/jane', 'public-profile'],
    ['https://www.linkedin.com/sales', 'unsupported-page'],
    ['https://www.linkedin.com/sales/home', 'unsupported-page'],
    ['https://www.linkedin.com/sales/search/people/list/saved-leads-for-account/3829', 'unsupported-page'],
    ['https://www.linkedin.com/sales/company/17412/people', 'unsupported-page'],
    ['https://www.linkedin.com/sales/lead/%E0%A4%A', 'bad-path'],
    ['https://www.linkedin.com/sales/company/acme', 'bad-id'],
    ['https://www.linkedin.com/sales/lead/not%20an%20id', 'bad-id'],
    ['https://www.linkedin.com/sales/lists/people/73716586873601556%2F48', 'bad-id'],
    ['https://www.linkedin.com/sales/search/people?savedSearchId=abc', 'bad-id'],
    ['https://www.linkedin.com/sales/search/people?recentSearchId=1;2', 'bad-id'],
    ['https://www.linkedin.com/sales/search/people?savedSearchId=1&lastViewedAt=yesterday', 'bad-parameter'],
    ['https://www.linkedin.com/sales/search/people?query=(keywords:a)&query=(keywords:b)', 'bad-parameter'],
    ['https://www.linkedin.com/sales/lists/people/1?sortOrder=UP', 'bad-parameter'],
    ['https://www.linkedin.com/sales/search/people?titleIncluded=CTO&geoIncluded=103644278', 'legacy-search'],
    ['https://www.linkedin.com/sales/search/people?query=(keywords:cto', 'malformed-query'],
    ['https://www.linkedin.com/sales/search/people?query=(keywords:cto))', 'malformed-query'],
    [
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((id:1)))))',
      'malformed-query',
    ],
    ['https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION)))', 'malformed-query'],
    [
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((selectionType:INCLUDED)))))',
      'malformed-query',
    ],
    [
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:REGION,values:List((id:1,selectionType:MAYBE)))))',
      'malformed-query',
    ],
    ['https://www.linkedin.com/sales/search/people?query=(keywords:Acme(Holdings))', 'malformed-query'],
    ['https://www.linkedin.com/sales/search/people?query=(keywords:100%25)', 'malformed-query'],
    ['https://www.linkedin.com/sales/search/people?query=(spellCorrectionEnabled:yes)', 'malformed-query'],
    [
      'https://www.linkedin.com/sales/search/company?query=(filters:List((type:ANNUAL_REVENUE,rangeValue:(min:ten))))',
      'malformed-query',
    ],
    ['https://www.linkedin.com/sales/search/people?savedSearchId=1&query=(broken', 'malformed-query'],
    [
      'https://www.linkedin.com/sales/search/people?query=(filters:List((type:ANNUAL_REVENUE,rangeValue:(min:1,max:10))))',
      'unknown-filter-type',
    ],
    [
      'https://www.linkedin.com/sales/search/company?query=(filters:List((type:CURRENT_TITLE,values:List((text:CTO,selectionType:INCLUDED)))))',
      'unknown-filter-type',
    ],
  ])('%s (%s)', (url, rule) => {
    const result = parseSalesNavUrl(url);
    expect(result.ok ? 'accepted' : result.rule).toBe(rule);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
  });

  it('an overlong URL before reading it', () => {
    const url = `${base}/sales/search/people?query=(keywords:${'a'.repeat(MAX_SALES_URL_LENGTH)})`;
    expect(parseSalesNavUrl(url)).toMatchObject({ ok: false, rule: 'too-long' });
  });

  it('keeps a filter type neither catalogue knows (the live tool adds filters)', () => {
    const url = `${base}/sales/search/people?query=(filters:List((type:SOME_NEW_FILTER,values:List((id:7,selectionType:INCLUDED)))))`;
    const result = parseSalesNavUrl(url);
    expect(result.ok).toBe(true);
    if (result.ok) expect(parseSalesNavUrl(buildSalesNavUrl(result.value))).toEqual(result);
  });

  it('names the filter type that belongs to the other kind of search', () => {
    const result = parseSalesNavUrl(
      `${base}/sales/search/people?query=(filters:List((type:ANNUAL_REVENUE,rangeValue:(min:1,max:10))))`,
    );
    expect(result).toMatchObject({
      reason: 'filter type ANNUAL_REVENUE is not a Sales Navigator people search filter',
    });
  });

  it('says where an unbalanced query breaks', () => {
    const result = parseSalesNavUrl(`${base}/sales/search/people?query=(keywords:cto`);
    expect(result).toMatchObject({ reason: "query is not valid Rest.li: missing ')' at character 14" });
  });
});
