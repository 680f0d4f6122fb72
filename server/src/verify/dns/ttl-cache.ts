import type { Clock } from '../../core/clock.ts';

/**
 * A cache whose entries live for their own TTL, clamped to [minMs, maxMs], and which never holds
 * more than `maxEntries` (the oldest insertions go first). Node does not cache DNS answers at all.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly options: { minMs: number; maxMs: number; maxEntries: number },
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    const ttl = Math.min(this.options.maxMs, Math.max(this.options.minMs, ttlMs));
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.clock.now() + ttl });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
