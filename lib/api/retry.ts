/**
 * When the client tries again: pure functions of the attempt number, the failure and a random
 * source, so the schedule is tested without a network or a real clock.
 */
import type { ApiFailure } from './failure.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The first backoff delay; each later one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The longest Retry-After the client waits out. A longer one is not waited for: the service
   * worker may be stopped meanwhile, and the user is better told when to try again.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 20_000,
};

/** For a check the user is watching (saving settings): one quick retry, then the answer. */
export const QUICK_RETRY: RetryPolicy = { ...DEFAULT_RETRY, maxAttempts: 2 };

/**
 * Exponential backoff with "equal jitter": half the delay fixed, half random, so clients that
 * failed together do not come back together, and no delay is ever near zero.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** Whether this failure may succeed on a second try with the same request. */
export function isRetryable(failure: ApiFailure): boolean {
  if (failure.kind === 'network') return true;
  if (failure.kind !== 'http') return false;
  // 502 and 504 come from a proxy in front of the service: transient like its own 503.
  if (failure.status === 502 || failure.status === 503 || failure.status === 504) return true;
  // RateLimited asks to wait; QuotaExceeded (also 429) will not change within a retry budget.
  return failure.error?.type === 'RateLimited' && failure.retryAfterMs !== undefined;
}

/** How long to wait before attempt `attempt + 1`, or null to stop and report the failure. */
export function retryDelay(
  failure: ApiFailure,
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  if (attempt >= policy.maxAttempts || !isRetryable(failure)) return null;
  if (failure.kind === 'http' && failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= policy.maxRetryAfterMs ? failure.retryAfterMs : null;
  }
  return backoffDelay(attempt, policy, random);
}

/** Retry-After in milliseconds from its two forms (delta-seconds, HTTP-date); undefined if absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only the IMF-fixdate form (RFC 9110): Date.parse alone would take "-3" or "1.5" for dates.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
