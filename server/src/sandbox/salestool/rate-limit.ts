/**
 * Per-member pacing of the internal API: a token bucket per member (§6: "per-session budgets to
 * exercise caller pacing"; the numbers are policy, not LinkedIn facts). A member who pages faster
 * than the bucket refills gets 429 with a Retry-After, as a client should expect of the real tool.
 */

export interface RateLimit {
  /** Requests a member may make at once. */
  readonly burst: number;
  /** Requests per second the bucket refills with. */
  readonly perSecond: number;
}

/** [inf] generous enough for an unpaced exporter's pages, not for a flood of profile fetches. */
export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 120, perSecond: 20 };

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: RateLimit | false,
    private readonly now: () => number,
  ) {}

  /** 0 when the request may go ahead, else the seconds to wait before the next one will. */
  take(key: string): number {
    if (!this.limit) return 0;
    const { burst, perSecond } = this.limit;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }
}
