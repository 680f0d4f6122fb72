/**
 * Which Sales Navigator page a URL shows, from the URL alone: the content script decides what to
 * offer before the page's DOM has rendered, and the service validates pasted URLs the same way.
 * A URL this does not recognise is 'unknown', never a guess. No DOM, no Node.
 * URL forms: docs in /work/shared/design/salestool-protocol.md §1.
 */

export const PAGE_KINDS = [
  'people-search',
  'company-search',
  'lead-list',
  'account-list',
  'lead',
  'account',
  'unknown',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** List ids are 19-digit numbers in practice; this is the looser shape seen in validators (§1.1). */
const LIST_ID = /^[A-Za-z0-9_-]+$/;
/** `<profileId>` or `<profileId>,<authType>,<authToken>`; the profile id is base64url (§1.6). */
const LEAD_ID = /^[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]*){0,2}$/;
/** Account pages use the numeric company id (§1.6). */
const COMPANY_ID = /^\d+$/;

export function pageKind(input: string | URL): PageKind {
  const url = toUrl(input);
  if (url?.protocol !== 'https:' || !isLinkedInHost(url.hostname)) return 'unknown';
  const segments = pathSegments(url.pathname);
  if (segments?.[0] !== 'sales') return 'unknown';
  const [, section, second, third, ...rest] = segments;
  if (rest.length > 0) return 'unknown';

  if (section === 'search' && third === undefined) {
    if (second === 'people') return 'people-search';
    if (second === 'company') return 'company-search';
  }
  if (section === 'lists' && third !== undefined && LIST_ID.test(third)) {
    if (second === 'people') return 'lead-list';
    if (second === 'company') return 'account-list';
  }
  if (third === undefined && second !== undefined) {
    // The newer UI shows leads under /sales/people/ too (§1.6).
    if ((section === 'lead' || section === 'people') && LEAD_ID.test(second)) return 'lead';
    if (section === 'company' && COMPANY_ID.test(second)) return 'account';
  }
  return 'unknown';
}

function toUrl(input: string | URL): URL | undefined {
  if (input instanceof URL) return input;
  try {
    return new URL(input);
  } catch {
    return undefined;
  }
}

/** linkedin.com, www.linkedin.com and the country hosts (uk., de., …); not linkedin.com.evil.test. */
function isLinkedInHost(hostname: string): boolean {
  return hostname === 'linkedin.com' || /^[a-z]{2,3}\.linkedin\.com$/.test(hostname);
}

/** Decoded, non-empty path segments (a trailing slash is allowed); undefined if undecodable. */
function pathSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
