/** Time as a port, so tests and the sandbox can move it without sleeping. */
export interface Clock {
  now(): number; // epoch milliseconds
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  constructor(private t: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const isoZ = (ms: number): string => new Date(ms).toISOString();
