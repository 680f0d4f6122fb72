import { createHash } from 'node:crypto';

/** A sales-tool session as a seat keeps it: the cookies and the User-Agent they must be replayed with. */
export interface SeatSession {
  li_at: string;
  /** JSESSIONID without its quotes; also the `csrf-token` header value. */
  jsessionid: string;
  li_a?: string;
  user_agent: string;
}

/**
 * Checks a session before it becomes a seat and tells whose it is. Until the sales-tool connector
 * lands (issue 7) the only checker is the form check of the contract's schema, which cannot tell
 * the member; the connector's checker will ask the sales tool.
 */
export interface SeatSessionChecker {
  check(session: SeatSession, mode: 'test' | 'live'): Promise<{ memberId: string | null }>;
}

export const formOnlyChecker: SeatSessionChecker = {
  check: async () => ({ memberId: null }),
};

/**
 * The key that makes "the same member" one seat: the member id when known, otherwise the session
 * token itself (so the same session connected twice is one seat).
 */
export function memberKey(memberId: string | null, session: SeatSession): string {
  if (memberId) return `member:${memberId}`;
  return `session:${createHash('sha256').update(session.li_at).digest('hex')}`;
}
