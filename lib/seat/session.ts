/**
 * The Sales Navigator session as the service needs it: li_at, JSESSIONID, li_a when present, and
 * the User-Agent they were issued to (a session replayed with another User-Agent gets killed).
 * Values are read when needed and handed to the client; only their hash is ever kept.
 */

/** The page the cookies are read for: what the browser would send to it is the session. */
export const LINKEDIN_URL = 'https://www.linkedin.com/';
export const SESSION_COOKIES = ['li_at', 'JSESSIONID', 'li_a'] as const;
export type SessionCookie = (typeof SESSION_COOKIES)[number];

/** The cookies API, narrowed to what this needs: a cookie's value for LINKEDIN_URL, or null. */
export interface CookieJar {
  get(name: SessionCookie): Promise<string | null>;
}

export interface Session {
  li_at: string;
  jsessionid: string;
  li_a?: string;
  user_agent: string;
}

/** The session, or null when this browser is not logged in (no li_at or no JSESSIONID). */
export async function readSession(jar: CookieJar, userAgent: string): Promise<Session | null> {
  const [liAt, jsessionid, liA] = await Promise.all([jar.get('li_at'), jar.get('JSESSIONID'), jar.get('li_a')]);
  if (!liAt || !jsessionid) return null;
  return { li_at: liAt, jsessionid, ...(liA ? { li_a: liA } : {}), user_agent: userAgent };
}

/** SHA-256 of the session, hex: tells a changed session from the one last connected without keeping it. */
export async function hashSession(session: Session): Promise<string> {
  const text = JSON.stringify([session.li_at, session.jsessionid, session.li_a ?? '', session.user_agent]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
