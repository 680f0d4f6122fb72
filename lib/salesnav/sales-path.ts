/**
 * Hosts and paths of Sales Navigator pages (salestool-protocol.md §1.1, §1.5, §1.6): which page a
 * path is, and the ids it carries. Query strings are parse-url.ts's business; this is what the
 * content script can know before the page renders.
 */

/** Search URLs carry their filters in the query string and can be long; ~8 kB is the practical limit (§3). */
export const MAX_SALES_URL_LENGTH = 8192;

/** List ids are 19-digit numbers in practice; this is the looser shape validators use (§1.1). */
export const LIST_ID = /^[A-Za-z0-9_-]+$/;
/** A sales profile id is base64url (`ACwAA…`, §1.7); auth type and token are plain words. */
export const LEAD_ID_PART = /^[A-Za-z0-9_-]+$/;
const AUTH_PART = /^[A-Za-z0-9_-]*$/;
/** Account pages use the numeric company id (§1.6). */
export const ACCOUNT_ID = /^\d+$/;

/** linkedin.com, www.linkedin.com and the country hosts (uk., de., …; NICK); never linkedin.com.evil.test. */
export function isLinkedInHost(hostname: string): boolean {
  return hostname === 'linkedin.com' || /^[a-z]{2,3}\.linkedin\.com$/.test(hostname);
}

export type SalesPath =
  | { page: 'people-search' | 'company-search' }
  | { page: 'lead-list' | 'account-list'; listId: string }
  | { page: 'lead'; leadId: string; authType?: string; authToken?: string }
  | { page: 'account'; accountId: string };

export type SalesPathResult =
  | { ok: true; value: SalesPath }
  | { ok: false; reason: string; rule: 'bad-path' | 'not-sales-path' | 'unsupported-page' | 'bad-id' };

/**
 * The page a URL path shows. The path has had dot segments resolved by the URL parser, so
 * `/sales/../in/x` arrives as `/in/x`; segments are decoded here, so an encoded `/` stays inside
 * its segment and fails the id shapes.
 */
export function classifySalesPath(pathname: string): SalesPathResult {
  const segments = pathSegments(pathname);
  if (segments === undefined) return { ok: false, reason: 'the path has bad percent-encoding', rule: 'bad-path' };
  if (segments[0] !== 'sales') {
    return { ok: false, reason: 'is not a Sales Navigator page (the path must start /sales/)', rule: 'not-sales-path' };
  }
  const [, section, second, third, ...rest] = segments;
  const unsupported = {
    ok: false,
    reason: `/${segments.join('/')} is not a Sales Navigator search, list, lead or account page`,
    rule: 'unsupported-page',
  } as const;
  if (rest.length > 0 || second === undefined) return unsupported;

  if (section === 'search' && third === undefined) {
    if (second === 'people') return { ok: true, value: { page: 'people-search' } };
    if (second === 'company') return { ok: true, value: { page: 'company-search' } };
  }
  if (section === 'lists' && third !== undefined && (second === 'people' || second === 'company')) {
    if (!LIST_ID.test(third)) return { ok: false, reason: `'${third}' is not a list id`, rule: 'bad-id' };
    return { ok: true, value: { page: second === 'people' ? 'lead-list' : 'account-list', listId: third } };
  }
  if (third !== undefined) return unsupported;
  // The newer UI shows leads under /sales/people/ too (§1.6).
  if (section === 'lead' || section === 'people') {
    const lead = readLeadRef(second);
    return lead ? { ok: true, value: lead } : { ok: false, reason: `'${second}' is not a lead id`, rule: 'bad-id' };
  }
  if (section === 'company') {
    if (!ACCOUNT_ID.test(second)) return { ok: false, reason: `'${second}' is not an account id`, rule: 'bad-id' };
    return { ok: true, value: { page: 'account', accountId: second } };
  }
  return unsupported;
}

/** `<profileId>` or `<profileId>,<authType>,<authToken>` (§1.6); empty parts count as absent. */
export function readLeadRef(text: string): Extract<SalesPath, { page: 'lead' }> | undefined {
  const [leadId, authType, authToken, ...rest] = text.split(',');
  if (rest.length > 0 || leadId === undefined || !LEAD_ID_PART.test(leadId)) return undefined;
  if (![authType, authToken].every((part) => part === undefined || AUTH_PART.test(part))) return undefined;
  return {
    page: 'lead',
    leadId,
    ...(authType && { authType }),
    ...(authToken && { authToken }),
  };
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
