import type { Clock } from '../../core/clock.ts';

/**
 * Greylisting as postgrey does it (RFC 6647): the first attempt of a triplet (client IP, MAIL FROM,
 * RCPT TO) is deferred, and so is every retry until `delayMs` has passed since that first attempt;
 * after that the triplet passes. Time is the world's clock, so tests move it instead of sleeping.
 */
export class Greylist {
  private readonly firstSeen = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly delayMs: number,
  ) {}

  /** Records the attempt; true when the triplet may pass now. */
  passes(clientIp: string, mailFrom: string, rcptTo: string): boolean {
    const key = `${clientIp}|${mailFrom.toLowerCase()}|${rcptTo.toLowerCase()}`;
    const now = this.clock.now();
    const first = this.firstSeen.get(key);
    if (first === undefined) {
      this.remember(key, now);
      return this.delayMs <= 0;
    }
    return now - first >= this.delayMs;
  }

  /** Keeps memory bounded in a long-running sandbox: old triplets are forgotten, as postgrey's max-age does. */
  private remember(key: string, now: number): void {
    if (this.firstSeen.size >= 100_000) {
      const maxAge = Math.max(this.delayMs * 10, 24 * 60 * 60 * 1000);
      for (const [k, t] of this.firstSeen) if (now - t > maxAge) this.firstSeen.delete(k);
      if (this.firstSeen.size >= 100_000) this.firstSeen.clear();
    }
    this.firstSeen.set(key, now);
  }
}
