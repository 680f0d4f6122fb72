/**
 * What the popup shows, as one value: the settings it may see (never the key), the cached quota
 * and this browser's seat. The background sends it in replies; the popup also reads it straight
 * from IndexedDB to open instantly. No DOM, no browser API: only zod.
 */
import { z } from 'zod';
import { QuotaInfoSchema } from '../contract/quota.ts';
import { ProblemSchema } from '../problem.ts';

export const SeatStatus = z.enum([
  'not-connected', // no Sales Navigator login seen yet, or no key to connect it with
  'connected', // the session is connected as `seatId` and the service calls it valid
  'logged-out', // li_at was removed (logout, expiry): waiting for a new login
  'needs-reconnect', // the service marked the seat invalid; a new login is needed
  'failed', // the last connect attempt failed; `problem` says why
]);
export type SeatStatus = z.infer<typeof SeatStatus>;

export const SeatViewSchema = z.object({
  status: SeatStatus,
  /** The seat this browser's session is (or was last) connected as. */
  seatId: z.string().nullable(),
  problem: ProblemSchema.nullable(),
});
export type SeatView = z.infer<typeof SeatViewSchema>;

export const SettingsViewSchema = z.object({ baseUrl: z.string(), keyHint: z.string() });
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const QuotaCacheSchema = z.object({ info: QuotaInfoSchema, fetchedAt: z.number() });
export type QuotaCache = z.infer<typeof QuotaCacheSchema>;

export const SnapshotSchema = z.object({
  settings: SettingsViewSchema.nullable(),
  quota: QuotaCacheSchema.nullable(),
  seat: SeatViewSchema,
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export const EMPTY_SEAT: SeatView = { status: 'not-connected', seatId: null, problem: null };
