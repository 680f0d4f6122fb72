import { describe, expect, it } from 'vitest';
import { ExtractableUrlSchema, profileRefKind, readProfileRef, SchedulableUrlSchema } from './sales-urls.ts';

describe('profile references', () => {
  it.each([
    ['https://www.linkedin.com/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A,NAME_SEARCH,n7cD', 'lead'],
    ['https://www.linkedin.com/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A%2CNAME_SEARCH%2Cn7cD', 'lead'],
    ['https://www.linkedin.com/sales/people/ACwAABUtWTAB8fphT-VDuOX6vRdiejVCxdAU4tk,NAME_SEARCH,fnHM', 'lead'],
    ['https://linkedin.com/sales/company/17412?_ntb=abc', 'account'],
    ['ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A', 'lead'],
    ['ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A,NAME_SEARCH,n7cD', 'lead'],
    [' 17412 ', 'account'],
  ])('%s is a %s', (value, kind) => {
    expect(profileRefKind(value)).toBe(kind);
  });

  it.each([
    'https://www.linkedin.com/sales/company/acme',
    'https://www.linkedin.com/sales/company/17412/people',
    'https://www.linkedin.com/sales/search/people',
    'https://evil.test/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A',
    'http://www.linkedin.com/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A',
    'www.linkedin.com/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A',
    'not an id',
    '',
  ])('%s names no lead or account', (value) => {
    expect(profileRefKind(value)).toBeNull();
  });

  it('says why a public profile URL is refused', () => {
    expect(readProfileRef('https://www.linkedin.com/in/jane-doe/')).toEqual({
      error: expect.stringMatching(/^public \/in\/ profile URLs are not accepted/),
    });
  });
});

describe('SchedulableUrlSchema', () => {
  it.each([
    'https://www.linkedin.com/sales/search/people?savedSearchId=50452421',
    'https://www.linkedin.com/sales/search/company?query=(filters:List())',
  ])('takes %s', (url) => {
    expect(SchedulableUrlSchema.safeParse(url).success).toBe(true);
  });

  it('refuses a list, saying lists cannot be scheduled', () => {
    const result = SchedulableUrlSchema.safeParse('https://www.linkedin.com/sales/lists/people/7371658687360155648');
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'lists and single profiles cannot be scheduled: give a people or company search URL',
    ]);
  });
});

describe('ExtractableUrlSchema', () => {
  const messages = (url: string) => ExtractableUrlSchema.safeParse(url).error?.issues.map((i) => i.message) ?? [];

  it('takes the hash form and a saved search', () => {
    expect(messages('https://www.linkedin.com/sales/search/people#query=(keywords:cto)')).toEqual([]);
    expect(messages('https://www.linkedin.com/sales/search/company?savedSearchId=50500827')).toEqual([]);
  });

  it('says what is wrong inside a search URL', () => {
    expect(messages('https://www.linkedin.com/sales/search/people?query=(keywords:cto')).toEqual([
      "query is not valid Rest.li: missing ')' at character 14",
    ]);
    expect(
      messages(
        'https://www.linkedin.com/sales/search/people?query=(filters:List((type:ANNUAL_REVENUE,rangeValue:(min:1))))',
      ),
    ).toEqual(['filter type ANNUAL_REVENUE is not a Sales Navigator people search filter']);
  });

  it('says why a public profile is refused', () => {
    expect(messages('https://www.linkedin.com/in/jane-doe')[0]).toMatch(/^public \/in\/ profile URLs are not accepted/);
  });

  it('gives the general message for another host', () => {
    expect(messages('https://www.linkedin.com.evil.io/sales/search/people')[0]).toMatch(
      /^must be a Sales Navigator people or company search/,
    );
  });
});

describe('profile references as sales URNs', () => {
  it.each([
    ['urn:li:fs_salesProfile:(ACwAAAA1B2C3,NAME_SEARCH,ab12)', 'lead'],
    ['urn:li:fs_salesCompany:900001', 'account'],
  ])('%s is a %s', (value, kind) => {
    expect(profileRefKind(value)).toBe(kind);
  });
});
