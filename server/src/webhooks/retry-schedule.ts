import { jitter } from '../jobs/backoff.ts';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;

/** decisions.md: retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** A receiver's Retry-After is honoured, but never sooner than 5 s nor later than 10 h. */
const RETRY_AFTER_MIN_MS = 5 * S;
const RETRY_AFTER_MAX_MS = 10 * H;

/** The delay after failed attempt `attempt` (1-based), ±10% so that retries spread out. */
export function webhookRetryDelay(
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, retryAfterMs));
  const base = WEBHOOK_RETRY_DELAYS_MS[Math.min(attempt, WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 10 * H;
  return jitter(base, 0.1, random);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
