import type { Clock } from '../../lib/clock.ts';

/** A clock that never waits: `sleep` records the delay and moves time forward at once. */
export interface FakeClock extends Clock {
  sleeps: number[];
  advance(ms: number): void;
}

export function fakeClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
