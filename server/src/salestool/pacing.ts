/**
 * Pacing between requests of one seat, so a run reads like a person paging through results rather
 * than a script. The numbers are what working tools use (salestool-protocol.md §3 "Pacing"): NICK
 * waits 3–8 s between search pages with a 20–45 s break every ~5 pages; LIB and SNAPI jitter
 * 0.5–2 s between calls. "Rate discipline (fewer pages per day) does far more than any jitter":
 * the daily seat quota is that discipline; this only spaces the calls. Off in the sandbox and in tests.
 */
export type PacingMode = 'off' | 'human';

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Pacer {
  /** Before a search or list page after the first (n counts pages from 1). */
  beforePage(n: number): Promise<void>;
  /** Before a profile or company fetch after the first of a run. */
  beforeItem(n: number): Promise<void>;
}

export const noPacing: Pacer = { beforePage: async () => {}, beforeItem: async () => {} };

/** Inference from the figures above: a break every 5 pages, a shorter gap between single fetches. */
export const HUMAN_PACING = {
  pageGapMs: [3_000, 8_000],
  breakEveryPages: 5,
  breakMs: [20_000, 45_000],
  itemGapMs: [1_200, 3_500],
} as const;

export function humanPacing(sleep: Sleep = realSleep, random: () => number = Math.random): Pacer {
  const between = ([min, max]: readonly [number, number]) => Math.round(min + random() * (max - min));
  return {
    async beforePage(n) {
      if (n <= 1) return;
      const rest = (n - 1) % HUMAN_PACING.breakEveryPages === 0;
      await sleep(between(rest ? HUMAN_PACING.breakMs : HUMAN_PACING.pageGapMs));
    },
    async beforeItem(n) {
      if (n > 1) await sleep(between(HUMAN_PACING.itemGapMs));
    },
  };
}

export function pacerFor(mode: PacingMode, sleep: Sleep = realSleep): Pacer {
  return mode === 'human' ? humanPacing(sleep) : noPacing;
}
