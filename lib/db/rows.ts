/**
 * The rows of the extension's IndexedDB database, as zod schemas: rows written by an older
 * version of the extension are parsed on read, and one that no longer fits is treated as absent.
 */
import { z } from 'zod';
import { QuotaInfoSchema } from '../contract/quota.ts';
import { ProblemSchema } from '../problem.ts';
import { SeatStatus } from '../state/snapshot.ts';

/** Where the service is. Readable by the popup. */
export const SettingsRowSchema = z.object({
  id: z.literal('service'),
  baseUrl: z.string(),
  /** What the popup may show of the key (settings/api-key.ts). */
  keyHint: z.string(),
  savedAt: z.number(),
});
export type SettingsRow = z.infer<typeof SettingsRowSchema>;

/** The API key. Read by the background only (docs/adr/0004-api-key-in-extension-indexeddb.md). */
export const SecretRowSchema = z.object({ id: z.literal('apiKey'), value: z.string() });
export type SecretRow = z.infer<typeof SecretRowSchema>;

/** The last quota the service reported, so the popup opens with numbers before it refreshes. */
export const QuotaRowSchema = z.object({ id: z.literal('latest'), info: QuotaInfoSchema, fetchedAt: z.number() });
export type QuotaRow = z.infer<typeof QuotaRowSchema>;

/**
 * This browser's seat. Holds a hash of the session last sent, never a cookie value, and the
 * debounce deadline of a pending reconnect, so both survive the service worker being stopped.
 */
export const SeatRowSchema = z.object({
  id: z.literal('browser'),
  status: SeatStatus,
  seatId: z.string().nullable(),
  problem: ProblemSchema.nullable(),
  /** SHA-256 of the session last connected; null when none is (or after a logout). */
  sessionHash: z.string().nullable(),
  /** When a debounced reconnect is due (ms since the epoch); null when none is pending. */
  syncDueAt: z.number().nullable(),
  /** Connect attempts failed in a row, for the retry alarm's backoff. */
  failures: z.number().int().nonnegative(),
  updatedAt: z.number(),
});
export type SeatRow = z.infer<typeof SeatRowSchema>;

export function emptySeatRow(now: number): SeatRow {
  return {
    id: 'browser',
    status: 'not-connected',
    seatId: null,
    problem: null,
    sessionHash: null,
    syncDueAt: null,
    failures: 0,
    updatedAt: now,
  };
}
