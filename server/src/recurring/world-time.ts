/**
 * The time each world runs in. Live keys live in real time. The sandbox world (test keys) runs in
 * sandbox time: real time plus an offset that integrators move forward with the sandbox clock
 * (`POST /v1/sandbox/clock/`, `leadforge sandbox clock advance 7d`), as payment APIs' test clocks
 * do, so a weekly schedule can be tried in seconds. The offset lives in the database, so every
 * process of an install (API servers, workers, the CLI) agrees on it; `sandboxClock` is the cached
 * synchronous view handed to the simulated sales tool, brought up to date by `now('test')` and by
 * every scheduler tick.
 */
import type { Clock } from '../core/clock.ts';
import { advanceSandboxOffset, sandboxOffset } from '../store/sandbox-clock-repo.ts';
import type { KeyKind } from '../store/schema.ts';
import type { Store } from '../store/store.ts';

export class WorldTime {
  private offset = 0;
  /** Sandbox time, synchronously: real time plus the offset as last read. */
  readonly sandboxClock: Clock;

  constructor(
    private readonly store: Store,
    /** Real time: the app's clock, for live work. */
    private readonly live: Clock,
    /** The time sandbox time runs ahead of (the sandbox world's own clock; real time by default). */
    private readonly sandboxBase: Clock = live,
  ) {
    this.sandboxClock = { now: () => this.sandboxBase.now() + this.offset };
  }

  /** The time now in a key's world (reads the sandbox offset afresh). */
  async now(mode: KeyKind): Promise<number> {
    if (mode === 'live') return this.live.now();
    await this.refresh();
    return this.sandboxClock.now();
  }

  /** Reads the sandbox offset another process may have moved. */
  async refresh(): Promise<void> {
    this.offset = Math.max(this.offset, await sandboxOffset(this.store.db));
  }

  /** Moves sandbox time forward by `ms` (> 0); returns the new sandbox time. */
  async advance(ms: number): Promise<number> {
    if (!(ms > 0)) throw new RangeError('the sandbox clock only moves forward');
    this.offset = await advanceSandboxOffset(this.store.db, ms);
    return this.sandboxClock.now();
  }
}
