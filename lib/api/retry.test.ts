import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, isRetryable, parseRetryAfter, retryDelay } from './retry.ts';

describe('backoffDelay', () => {
  it('doubles from the base, with half of each delay random', () => {
    expect([1, 2, 3].map((a) => backoffDelay(a, DEFAULT_RETRY, () => 0))).toEqual([250, 500, 1000]);
    expect([1, 2, 3].map((a) => backoffDelay(a, DEFAULT_RETRY, () => 1))).toEqual([500, 1000, 2000]);
  });

  it('is capped', () => {
    expect(backoffDelay(20, DEFAULT_RETRY, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 15, 9, 0, 0);
  it.each([
    ['5', 5000],
    [' 0 ', 0],
    ['Thu, 15 Jan 2026 09:00:30 GMT', 30_000],
    ['Thu, 15 Jan 2026 08:00:00 GMT', 0],
  ])('reads %j as %i ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });

  it.each([null, 'soon', '-3', '1.5'])('ignores %j', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  const random = () => 0;
  it('stops at the last attempt', () => {
    const failure = { kind: 'network', cause: 'x' } as const;
    expect(retryDelay(failure, 3, DEFAULT_RETRY, random)).toBe(1000);
    expect(retryDelay(failure, 4, DEFAULT_RETRY, random)).toBeNull();
  });

  it('never retries a bad response or a client error', () => {
    expect(isRetryable({ kind: 'bad_response', status: 200, cause: 'x' })).toBe(false);
    expect(isRetryable({ kind: 'http', status: 401, error: { type: 'AuthenticationError', message: 'x' } })).toBe(
      false,
    );
    expect(isRetryable({ kind: 'http', status: 429, error: { type: 'RateLimited', message: 'x' } })).toBe(false);
  });
});
