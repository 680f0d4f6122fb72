/**
 * What can go wrong talking to the sales tool, typed so that callers decide without reading
 * messages: a dead session invalidates the seat, an unavailable tool is retried later, a refused
 * request is the caller's input (a saved search that does not exist, a malformed query).
 */

/** Why the tool refused the session (salestool-protocol.md §3 "Per-request errors"). */
export type SessionDeadReason =
  | 'unauthorized' // 401: the session cookies are not (or no longer) accepted
  | 'forbidden' // 403: signed in, but no Sales Navigator seat (or the seat was taken away)
  | 'redirected'; // a 3xx instead of JSON: to /login, /checkpoint/challenge, /authwall, ...

export class SessionDead extends Error {
  override readonly name = 'SessionDead';
  constructor(
    readonly reason: SessionDeadReason,
    readonly status: number,
    /** Where a redirect pointed (path only: a login URL can carry tokens in its query). */
    readonly location?: string,
  ) {
    super(sessionDeadMessage(reason, status, location));
  }
}

function sessionDeadMessage(reason: SessionDeadReason, status: number, location: string | undefined): string {
  if (reason === 'forbidden') return `the sales tool refused the session (HTTP ${status}): no Sales Navigator seat`;
  if (reason === 'redirected')
    return `the sales tool redirected to ${location ?? 'a sign-in page'}: the session has ended`;
  return `the sales tool refused the session (HTTP ${status}): signed out or expired`;
}

/** 429 or 5xx still failing after the retries, a timeout, or no connection: try again later. */
export class SalesToolUnavailable extends Error {
  override readonly name = 'SalesToolUnavailable';
  constructor(
    message: string,
    /** The last HTTP status, null when no answer came. */
    readonly status: number | null,
    /** How long the tool asked us to wait (its last Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Any other 4xx: the request itself is wrong (an unknown saved search or list, a query the tool cannot read). */
export class SalesToolRefused extends Error {
  override readonly name = 'SalesToolRefused';
  constructor(
    readonly status: number,
    /** The first few hundred characters of the answer, for logs and failure reasons. */
    readonly detail: string,
  ) {
    super(`the sales tool answered HTTP ${status}${detail ? `: ${detail}` : ''}`);
  }
}

/** A 2xx whose body is not the JSON shape of the protocol notes. */
export class SalesToolBadResponse extends Error {
  override readonly name = 'SalesToolBadResponse';
}
