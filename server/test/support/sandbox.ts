import type { WorldsOptions } from '../../src/app/worlds.ts';

/**
 * A sandbox mail world that answers in seconds: a small generated world, greylisting that lets a
 * triplet through after 300 ms (the verifier retries after 400 ms, FAST_SANDBOX_ENV), a slow host
 * that greets after 100 ms, and SMTP timeouts short enough for the silent host to be given up
 * quickly. Verdicts are the same as with the real delays; only the waiting is shorter.
 */
export const FAST_SANDBOX: WorldsOptions = {
  sandbox: { seed: 'leadforge-tests', companies: 40, peoplePerCompany: 4, greylistDelayMs: 300, slowGreetingMs: 100 },
  tune: (options) => ({
    ...options,
    smtp: { ...options.smtp, timeouts: { connectMs: 2_000, greetingMs: 1_000, commandMs: 2_000 } },
  }),
};

export const FAST_SANDBOX_ENV = { LEADFORGE_GREYLIST_RETRY_DELAYS: '400ms,400ms' } as const;
