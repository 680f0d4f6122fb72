import type { Clock } from '../core/clock.ts';

/**
 * At most `perHost` sessions open to one MX host at a time (verification.md §4: 1–2 per MX; more
 * looks like an attack and gets the IP throttled). Waiters are served in arrival order.
 */
export class MxSlots {
  private readonly open = new Map<string, number>();
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly perHost: number) {}

  /** Resolves with a release function once a slot for `host` is free. */
  async acquire(host: string): Promise<() => void> {
    const key = host.toLowerCase();
    if ((this.open.get(key) ?? 0) >= this.perHost) {
      await new Promise<void>((resolve) => {
        const queue = this.queues.get(key) ?? [];
        queue.push(resolve);
        this.queues.set(key, queue);
      });
    } else {
      this.open.set(key, (this.open.get(key) ?? 0) + 1);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queues.get(key)?.shift();
      if (next)
        next(); // the slot passes straight to the next waiter
      else this.open.set(key, (this.open.get(key) ?? 1) - 1);
    };
  }

  inUse(host: string): number {
    return this.open.get(host.toLowerCase()) ?? 0;
  }
}

/**
 * A per-provider cap on new sessions: starts are spaced at least 60 000 / sessionsPerMinute ms
 * apart. `reserve` books the next start and says how long to wait for it; time comes from the
 * Clock, so a manual clock drives it in tests.
 */
export class ProviderRateCap {
  private readonly nextStart = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  reserve(providerId: string, sessionsPerMinute: number): number {
    if (!(sessionsPerMinute > 0) || !Number.isFinite(sessionsPerMinute)) return 0;
    const now = this.clock.now();
    const start = Math.max(now, this.nextStart.get(providerId) ?? now);
    this.nextStart.set(providerId, start + 60_000 / sessionsPerMinute);
    return start - now;
  }
}

/** Runs at most `limit` of the given tasks at once (DNS lookups of a bulk list's domains). */
export function concurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
