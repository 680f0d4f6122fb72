import { describe, expect, it } from 'vitest';
import { profileRefKind, readProfileRef, SchedulableUrlSchema } from './sales-urls.ts';

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
