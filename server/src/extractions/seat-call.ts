/**
 * A call to the sales tool on a seat while an API caller waits (checking a URL, saving a search):
 * one quick retry, then an answer the caller can act on. A refused session is 409 (reconnect the
 * seat), a refused request 422 on the field that named it, a tool that does not answer (or answers
 * what it should not) 503 with a Retry-After (its own when it gave one).
 */
import type { AuthContext } from '../accounts/accounts.ts';
import { ApiError } from '../core/errors.ts';
import type { SalesToolConnector } from '../salestool/connector.ts';
import { SalesToolBadResponse, SalesToolRefused, SalesToolUnavailable, SessionDead } from '../salestool/errors.ts';
import { HttpFailure } from '../salestool/http.ts';
import { seatById } from '../store/seats-repo.ts';
import type { Store } from '../store/store.ts';
import type { SeatConnectorFactory } from './seat-connector.ts';

/** Rather than the job's backoff of many seconds. */
const WAITED_RETRY = { attempts: 2, baseMs: 250, capMs: 1_000, maxRetryAfterMs: 2_000 };

export async function callOnSeat<T>(
  deps: { store: Store; connectors: SeatConnectorFactory },
  auth: AuthContext,
  seatId: string,
  refused: (reason: string) => ApiError,
  fn: (connector: SalesToolConnector) => Promise<T>,
): Promise<T> {
  const seat = await seatById(deps.store.db, auth.accountId, seatId);
  if (!seat) throw new ApiError('NoUsableSeat', 'No usable seat.');
  const link = await deps.connectors(seat, auth.mode, { retry: WAITED_RETRY });
  try {
    return await fn(link.connector);
  } catch (error) {
    if (error instanceof SessionDead) {
      throw new ApiError(
        'NoUsableSeat',
        `The seat's Sales Navigator session is no longer accepted (${error.message}). Reconnect it with the extension.`,
      );
    }
    if (error instanceof SalesToolRefused) throw refused(`the sales tool cannot read it (${error.message})`);
    if (
      error instanceof SalesToolUnavailable ||
      error instanceof HttpFailure ||
      error instanceof SalesToolBadResponse
    ) {
      const told = error instanceof SalesToolUnavailable ? error.retryAfterMs : null;
      const retryAfter = told === null ? 30 : Math.max(1, Math.ceil(told / 1000));
      throw new ApiError(
        'DependencyUnavailable',
        `The sales tool did not answer (${error.message}). Try again shortly.`,
        {
          headers: { 'Retry-After': String(retryAfter) },
        },
      );
    }
    throw error;
  } finally {
    link.close();
  }
}

/** The 422 for a request the sales tool refused, on the body field that named it. */
export const salesToolRefused =
  (field: string) =>
  (reason: string): ApiError =>
    new ApiError('ValidationError', `Invalid request. ${field}: ${reason}`, {
      details: [{ field, rule: 'sales_tool_refused', message: reason }],
    });
