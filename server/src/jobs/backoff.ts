/**
 * Retry delays. Pure functions of the attempt number and a random source, so tests can fix both.
 */

/** Capped exponential backoff with "full jitter": a uniform delay in [base·2^(n-1) / 2, base·2^(n-1)], at most `cap`. */
export function backoffDelay(
  attempt: number,
  opts: { baseMs: number; capMs: number },
  random: () => number = Math.random,
): number {
  const exp = Math.min(opts.capMs, opts.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** Spreads a scheduled delay by ±`fraction` so that retries of many messages do not arrive together. */
export function jitter(delayMs: number, fraction: number, random: () => number = Math.random): number {
  return Math.max(0, Math.round(delayMs * (1 + (random() * 2 - 1) * fraction)));
}
