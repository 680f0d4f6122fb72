import type { Clock } from '../core/clock.ts';
import { CatchAllCache } from './catch-all-cache.ts';
import { MxSlots, ProviderRateCap } from './limits.ts';
import type { SmtpSettings } from './smtp/mx-walk.ts';

/** How the engine behaves: plain data, built from Config by settings.ts or by a test. */
export interface VerifierOptions {
  smtp: SmtpSettings;
  /** Delays before asking again after a 4xx (greylisting), one retry per entry. */
  greylistRetryDelaysMs: readonly number[];
  /** Sessions open to one MX host at a time. */
  maxConnectionsPerMx: number;
  /** Sessions open at a time across all hosts. */
  maxConcurrentSessions: number;
  /** A bulk run's bound: what is unconfirmed when it is reached is suspect. null: no bound. */
  maxDurationMs: number | null;
  /** New sessions for recipients a server would not take (452 too many, dropped mid-way). */
  maxRequeues: number;
  /** Disposable domains beyond the public lists (the sandbox world's own; an operator's). */
  extraDisposableDomains: readonly string[];
}

/** What several runs in one process share: connection slots, rate caps, catch-all answers. */
export interface VerifierState {
  slots: MxSlots;
  rate: ProviderRateCap;
  catchAll: CatchAllCache;
}

export function createVerifierState(
  clock: Clock,
  options: Pick<VerifierOptions, 'maxConnectionsPerMx'>,
): VerifierState {
  return {
    slots: new MxSlots(options.maxConnectionsPerMx),
    rate: new ProviderRateCap(clock),
    catchAll: new CatchAllCache(clock),
  };
}

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, greetingMs: 30_000, commandMs: 30_000 } as const;

/** Defaults of verification.md (§1.6 timeouts, §1.7 connections, §4 greylisting), with overrides. */
export function verifierOptions(
  overrides: Partial<Omit<VerifierOptions, 'smtp'>> & {
    smtp: Partial<SmtpSettings> & Pick<SmtpSettings, 'heloName' | 'mailFrom'>;
  },
): VerifierOptions {
  const { smtp, ...rest } = overrides;
  return {
    greylistRetryDelaysMs: [60_000, 300_000, 900_000],
    maxConnectionsPerMx: 2,
    maxConcurrentSessions: 20,
    maxDurationMs: null,
    maxRequeues: 3,
    extraDisposableDomains: [],
    ...rest,
    smtp: {
      port: 25,
      startTls: true,
      allowPrivateMx: false,
      timeouts: DEFAULT_TIMEOUTS,
      providers: {},
      ...smtp,
    },
  };
}
