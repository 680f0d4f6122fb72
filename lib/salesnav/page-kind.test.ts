import { describe, expect, it } from 'vitest';
import { type PageKind, pageKind } from './page-kind.ts';

const base = 'https://www.linkedin.com';

describe('pageKind', () => {
  it.each<[string, PageKind]>([
    // Searches, with the query string forms seen in the wild (§1.2–1.4) and the hash form.
    [
      '/sales/search/people?query=(spellCorrectionEnabled%3Atrue%2Ckeywords%3Alix)&sessionId=GumqcP8vR0aPVWr3cNR74A%3D%3D',
      'people-search',
    ],
    ['/sales/search/people?savedSearchId=50452421', 'people-search'],
    ['/sales/search/people#query=(keywords:cto)', 'people-search'],
    ['/sales/search/people/', 'people-search'],
    ['/sales/search/company?query=(filters:List((type:REGION,values:List((id:105015875)))))', 'company-search'],
    // Lists (§1.5).
    ['/sales/lists/people/7371658687360155648', 'lead-list'],
    ['/sales/lists/people/7371658687360155648?sortCriteria=CREATED_TIME&sortOrder=DESCENDING', 'lead-list'],
    ['/sales/lists/company/6723938983346360320?page=2&sortCriteria=CREATED_TIME', 'account-list'],
    ['/sales/lists/company/6723938983346360320/', 'account-list'],
    // Lead and account pages (§1.6).
    ['/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A,NAME_SEARCH,n7cD', 'lead'],
    ['/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A%2CNAME_SEARCH%2Cn7cD', 'lead'],
    ['/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A', 'lead'],
    ['/sales/people/ACwAABUtWTAB8fphT-VDuOX6vRdiejVCxdAU4tk,NAME_SEARCH,fnHM', 'lead'],
    ['/sales/company/17412', 'account'],
    ['/sales/company/17412?_ntb=abc', 'account'],
  ])('%s is %s', (path, kind) => {
    expect(pageKind(`${base}${path}`)).toBe(kind);
  });

  it.each([
    '/sales/home',
    '/sales',
    '/sales/search',
    '/sales/search/people/list/saved-leads-for-account/3829',
    '/sales/lists/people',
    '/sales/lists/people/7371658687360155648/extra',
    '/sales/lists/people/73716586873601556%2F48',
    '/sales/company/acme',
    '/sales/company/17412/people',
    '/sales/lead/',
    '/sales/lead/not%20an%20id',
    '/sales/lead/%E0%A4%A',
    '/search/results/people/?keywords=cto',
    '/in/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A',
    '/login',
  ])('%s is unknown', (path) => {
    expect(pageKind(`${base}${path}`)).toBe('unknown');
  });

  it('accepts the bare and country hosts', () => {
    expect(pageKind('https://linkedin.com/sales/search/people')).toBe('people-search');
    expect(pageKind('https://uk.linkedin.com/sales/company/17412')).toBe('account');
  });

  it.each([
    'http://www.linkedin.com/sales/search/people',
    'https://evil.test/sales/search/people',
    'https://www.linkedin.com.evil.test/sales/search/people',
    'https://evil.test/www.linkedin.com/sales/search/people',
    'https://a.b.linkedin.com/sales/search/people',
    'https://user:pw@www.linkedin.com/sales/search/people',
    'https://www.linkedin.com:8443/sales/search/people',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(pageKind(url)).toBe('unknown');
  });

  it('takes a URL object as well as a string', () => {
    expect(pageKind(new URL(`${base}/sales/lists/company/6723938983346360320`))).toBe('account-list');
  });

  it('judges host and path only: a search page with an unreadable query is still a search page', () => {
    expect(pageKind(`${base}/sales/search/people?query=(keywords:cto`)).toBe('people-search');
  });

  it('resolves dot segments before classifying', () => {
    expect(pageKind(`${base}/sales/lead/../company/17412`)).toBe('account');
    expect(pageKind(`${base}/sales/../search/people`)).toBe('unknown');
  });
});
