/**
 * What a cookies.onChanged event means for the seat, as a pure function.
 * - A rotation arrives as two events: the old cookie removed with cause `overwrite`, then the new
 *   one set. The removal means nothing on its own, so it is ignored.
 * - li_at removed for any other cause (`explicit`: a logout or the user clearing cookies;
 *   `expired`, `expired_overwrite`: the server expiring it, which is how a logout deletes it;
 *   `evicted`) means this browser is no longer logged in.
 * - Anything else touching a session cookie means the session may have changed.
 */
import { SESSION_COOKIES } from './session.ts';

export interface CookieChange {
  removed: boolean;
  cause: string;
  cookie: { name: string; domain: string };
}

export type CookieChangeMeaning = 'ignore' | 'logged-out' | 'changed';

const NAMES: ReadonlySet<string> = new Set(SESSION_COOKIES);

export function classifyCookieChange(change: CookieChange): CookieChangeMeaning {
  const { name, domain } = change.cookie;
  if (!NAMES.has(name) || !isLinkedInDomain(domain)) return 'ignore';
  if (change.removed && change.cause === 'overwrite') return 'ignore';
  if (change.removed && name === 'li_at') return 'logged-out';
  return 'changed';
}

/** `.linkedin.com`, `linkedin.com`, `www.linkedin.com`; not `linkedin.com.evil.test` nor `notlinkedin.com`. */
export function isLinkedInDomain(domain: string): boolean {
  const host = domain.replace(/^\./, '').toLowerCase();
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}
