import type { Verdict } from './types.ts';

/** What the parent sends a verifier's process, once, over IPC. */
export interface Job {
  addresses: string[];
  dnsServer: string;
  smtpPort: number;
  /** The world's disposable domains (our engine is told them, as the service tells it). */
  disposableDomains: string[];
  /** Addresses checked at once (competitors; the engine schedules its own). */
  concurrency: number;
  /** A call that has not answered by then is recorded as a timeout and left behind. */
  callTimeoutMs: number;
}

/** One address's outcome: an answer mapped to a verdict, an exception from the library, or no answer in time. */
export type Row =
  | { i: number; kind: 'answer'; verdict: Verdict; said: string; ms: number }
  | { i: number; kind: 'error'; said: string; ms: number }
  | { i: number; kind: 'timeout'; ms: number };

/** Messages from a verifier's process: ready for the job, rows as they come, uncaught exceptions, then the end. */
export type Message =
  | { type: 'ready' }
  | { type: 'row'; row: Row }
  | { type: 'crash'; message: string }
  | { type: 'done'; ms: number; rssPeakMb: number };
