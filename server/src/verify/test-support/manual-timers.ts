import type { ManualClock } from '../../core/clock.ts';
import type { Timers } from '../ports.ts';

/**
 * Timers driven by a ManualClock: a sleep resolves only when the test advances the clock past its
 * end. Tests wait for a sleep to be registered (`until`) instead of sleeping themselves.
 */
export class ManualTimers implements Timers {
  private sleepers: { at: number; resolve: () => void }[] = [];
  private listeners: (() => void)[] = [];

  constructor(readonly clock: ManualClock) {}

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper = { at: this.clock.now() + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          resolve();
        },
        { once: true },
      );
      for (const l of this.listeners.splice(0)) l();
    });
  }

  /** The end times of the sleeps now pending, relative to now. */
  pending(): number[] {
    return this.sleepers.map((s) => s.at - this.clock.now()).sort((a, b) => a - b);
  }

  /** Resolves once `predicate(pending())` holds; re-checked on each new sleep. */
  async until(predicate: (pendingMs: number[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const started = Date.now();
    while (!predicate(this.pending())) {
      if (Date.now() - started > timeoutMs) throw new Error(`condition not met; pending sleeps: ${this.pending()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50); // also re-check when a sleep ends without a new one
        this.listeners.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Moves the clock and wakes every sleep that has ended. */
  advance(ms: number): void {
    this.clock.advance(ms);
    const now = this.clock.now();
    const due = this.sleepers.filter((s) => s.at <= now);
    this.sleepers = this.sleepers.filter((s) => s.at > now);
    for (const s of due) s.resolve();
  }
}
