/**
 * Messages between the extension's views (popup, content script) and the background, as zod
 * schemas. The background validates every incoming body with `Message`, checks that the sender
 * may send it (`SENDERS`), and refuses anything else; views validate replies with
 * `replySchemaFor`. No DOM, no Node, no browser API: only zod.
 */
import { z } from 'zod';
import { EnrichEmailSchema } from './contract/enums.ts';
import { ProspectRecordSchema } from './contract/extractions.ts';
import { JobViewSchema } from './jobs/job-view.ts';
import { type Problem, ProblemKind, ProblemSchema } from './problem.ts';
import { RepeatFrequency, ScheduleViewSchema } from './recurring/schedule-view.ts';
import { BuildSearchMessage, BuildSearchReply } from './search-builder/search-builder.ts';
import { SnapshotSchema } from './state/snapshot.ts';

export const PingMessage = z.object({ type: z.literal('ping') }).strict();
/** Fetch the quota again and catch up on the seat. */
export const RefreshMessage = z.object({ type: z.literal('refresh') }).strict();
/** Check a base URL and key against the service, and save them if it accepts the key. */
export const SaveSettingsMessage = z
  .object({
    type: z.literal('save-settings'),
    baseUrl: z.string().max(2048),
    /** Absent: keep the saved key (the popup never holds it). */
    apiKey: z.string().max(256).optional(),
  })
  .strict();
/** Connect this browser's session again, to the given seat or to the one it was connected as. */
export const ReconnectSeatMessage = z
  .object({ type: z.literal('reconnect-seat'), seatId: z.string().max(64).optional() })
  .strict();

/**
 * Extract the page at `pageUrl` (a search, list, lead or account page). `requestId` is made by the
 * view before sending and reused when it sends again: the same id never makes a second extraction.
 */
export const StartExtractionMessage = z
  .object({
    type: z.literal('start-extraction'),
    requestId: z.uuid(),
    pageUrl: z.string().max(8192),
    /** The extraction's name (searches and lists) or the profile's name as the page shows it. */
    name: z.string().max(255).optional(),
    enrich: EnrichEmailSchema,
    /** Repeat the search this often once it is extracted (people and company searches only). */
    repeat: RepeatFrequency.optional(),
  })
  .strict();
/** Ask the service for the jobs' states now (the open popup polls with this). */
export const RefreshJobsMessage = z.object({ type: z.literal('refresh-jobs') }).strict();
/** Fetch a finished extraction's records into IndexedDB, for a download. */
export const CacheRecordsMessage = z
  .object({ type: z.literal('cache-records'), extractionId: z.string().min(1).max(64) })
  .strict();

/**
 * Pause or resume a schedule, rename it, or change how often it runs. One change at a time: each
 * is its own control, and one failure then says which change did not happen.
 */
export const UpdateScheduleMessage = z
  .object({
    type: z.literal('update-schedule'),
    scheduleId: z.string().min(1).max(64),
    change: z.union([
      z.object({ paused: z.boolean() }).strict(),
      z.object({ name: z.string().trim().min(1).max(255) }).strict(),
      z.object({ frequency: RepeatFrequency }).strict(),
    ]),
  })
  .strict();
/** Stop a schedule for good (the popup asks the user to confirm first). */
export const StopScheduleMessage = z
  .object({ type: z.literal('stop-schedule'), scheduleId: z.string().min(1).max(64) })
  .strict();

/** Every message the background understands. Add new kinds here, in `ReplyByType` and in `SENDERS`. */
export const Message = z.discriminatedUnion('type', [
  PingMessage,
  RefreshMessage,
  SaveSettingsMessage,
  ReconnectSeatMessage,
  StartExtractionMessage,
  RefreshJobsMessage,
  CacheRecordsMessage,
  // A description to turn into a Sales Navigator search (lib/search-builder/).
  BuildSearchMessage,
  UpdateScheduleMessage,
  StopScheduleMessage,
]);
export type Message = z.infer<typeof Message>;
export type MessageType = Message['type'];

/** Who sent a message, as the background tells from the browser's sender info (background/sender.ts). */
export type SenderKind = 'extension-page' | 'content-script';

/** Which senders may send each message. Content scripts run inside LinkedIn's page: they get the least. */
export const SENDERS: Record<MessageType, readonly SenderKind[]> = {
  ping: ['extension-page', 'content-script'],
  refresh: ['extension-page'],
  'save-settings': ['extension-page'],
  'reconnect-seat': ['extension-page'],
  // The content script may start an extraction of the page it runs in, and hear the answer; it
  // never sees the key, the session, or anyone's jobs.
  'start-extraction': ['extension-page', 'content-script'],
  'refresh-jobs': ['extension-page'],
  'cache-records': ['extension-page'],
  // The popup's search builder; it costs nothing, but it is the key's to use, not LinkedIn's page's.
  'build-search': ['extension-page'],
  // Schedules are managed in the popup; the content script only makes one, with start-extraction.
  'update-schedule': ['extension-page'],
  'stop-schedule': ['extension-page'],
};

export const PingReply = z.object({ ok: z.literal(true), version: z.string() });
export type PingReply = z.infer<typeof PingReply>;

/** The popup's state after an action, and what went wrong with it (the cached state stays useful). */
export const StateReply = z.object({
  ok: z.literal(true),
  snapshot: SnapshotSchema,
  problem: ProblemSchema.nullable(),
});
export type StateReply = z.infer<typeof StateReply>;

/**
 * What became of a repeat asked with an extraction. A failure does not undo the extraction: it
 * says what to do, then the same request again schedules it without extracting twice.
 */
export const RepeatOutcomeSchema = z.discriminatedUnion('ok', [
  /** created false: the search was scheduled already, and now repeats at this frequency. */
  z.object({ ok: z.literal(true), schedule: ScheduleViewSchema, created: z.boolean() }),
  z.object({ ok: z.literal(false), problem: ProblemSchema }),
]);
export type RepeatOutcome = z.infer<typeof RepeatOutcomeSchema>;

/** An extraction accepted: its job; for a lead or account answered at once, its record; the repeat, when asked. */
export const ExtractionStartedReply = z.object({
  ok: z.literal(true),
  job: JobViewSchema,
  prospect: ProspectRecordSchema.nullable(),
  repeat: RepeatOutcomeSchema.optional(),
});
export type ExtractionStartedReply = z.infer<typeof ExtractionStartedReply>;

/** The jobs and the schedules as IndexedDB has them after a refresh, and why the refresh fell short. */
export const JobsReply = z.object({
  ok: z.literal(true),
  jobs: z.array(JobViewSchema),
  schedules: z.array(ScheduleViewSchema),
  problem: ProblemSchema.nullable(),
});
export type JobsReply = z.infer<typeof JobsReply>;

/** The schedules after a change, and why the change did not happen (the list is still current). */
export const SchedulesReply = z.object({
  ok: z.literal(true),
  schedules: z.array(ScheduleViewSchema),
  problem: ProblemSchema.nullable(),
});
export type SchedulesReply = z.infer<typeof SchedulesReply>;

export const DoneReply = z.object({ ok: z.literal(true) });
export type DoneReply = z.infer<typeof DoneReply>;

/** Why the background refused a message; the views turn each into a sentence. */
export const MessageErrorType = z.enum(['invalid_message', 'forbidden_sender', 'internal_error']);
export type MessageErrorType = z.infer<typeof MessageErrorType>;

/** A refusal, or an action that failed as a whole (settings not saved), with a next step when there is one. */
export const ErrorReply = z.object({
  ok: z.literal(false),
  error: z.object({
    type: z.union([MessageErrorType, ProblemKind]),
    message: z.string(),
    next: z.string().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  }),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

const ReplyByType = {
  ping: PingReply,
  refresh: StateReply,
  'save-settings': StateReply,
  'reconnect-seat': StateReply,
  'start-extraction': ExtractionStartedReply,
  'refresh-jobs': JobsReply,
  'cache-records': DoneReply,
  'build-search': BuildSearchReply,
  'update-schedule': SchedulesReply,
  'stop-schedule': SchedulesReply,
} as const satisfies Record<MessageType, z.ZodType>;

export type ReplyFor<T extends MessageType> = z.infer<(typeof ReplyByType)[T]>;

/** The schema a view parses the background's answer to a `type` message with: success or refusal. */
export function replySchemaFor<T extends MessageType>(type: T) {
  return z.union([ReplyByType[type], ErrorReply]);
}

export function errorReply(type: MessageErrorType, message: string): ErrorReply {
  return { ok: false, error: { type, message } };
}

export function problemReply({ kind, ...rest }: Problem): ErrorReply {
  return { ok: false, error: { type: kind, ...rest } };
}
