import type { Clock } from '../core/clock.ts';
import { TtlCache } from './dns/ttl-cache.ts';

/**
 * What the random-address probe learned about a domain, kept across jobs. Exim keeps a positive
 * domain callout result 7 days and a negative one 3 hours; we keep both answers 24 hours
 * [inference: a domain's catch-all routing changes rarely, but mail setups do move], and never
 * keep "not learned" (a greylisted or blocked probe says nothing).
 */
export interface CatchAllEntry {
  value: boolean;
  probe: string;
  code: number | null;
  text: string | null;
}

export class CatchAllCache {
  private readonly cache: TtlCache<CatchAllEntry>;

  constructor(
    clock: Clock,
    private readonly ttlMs = 24 * 60 * 60_000,
  ) {
    this.cache = new TtlCache(clock, { minMs: 0, maxMs: ttlMs, maxEntries: 50_000 });
  }

  get(domain: string): CatchAllEntry | undefined {
    return this.cache.get(domain.toLowerCase());
  }

  set(domain: string, entry: CatchAllEntry): void {
    this.cache.set(domain.toLowerCase(), entry, this.ttlMs);
  }
}
