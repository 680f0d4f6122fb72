import type { ErrorBody } from '../contract/errors.ts';

/**
 * How a call to the service failed, before it is put into words (describe-failure.ts).
 * Never holds the API key or a request body.
 */
export type ApiFailure =
  /** The service answered with an error status. `error` is its body, when it is the contract's. */
  | { kind: 'http'; status: number; error: ErrorBody['error'] | null; retryAfterMs?: number }
  /** No answer: refused connection, DNS failure, timeout, CORS refusal. */
  | { kind: 'network'; cause: string }
  /** A success status whose body does not match the contract. */
  | { kind: 'bad_response'; status: number; cause: string };

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; failure: ApiFailure };
