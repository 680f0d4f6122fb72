/** What the bench parent (api.ts) and its target processes (serve-target.ts) agree on. */

export type TargetKind = 'bare' | 'quota';

/** The one JSON line a target prints on stdout once it listens. */
export interface TargetReady {
  port: number;
  /** The API key of the seeded account; absent for the bare target. */
  key?: string;
}

/** What the seeded account holds; the parent checks GET /v1/quota/ shows it before loading. */
export const SEED = { credits: 1000, usage: 10, dailyLimit: 2500 } as const;
