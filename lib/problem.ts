/**
 * A problem as the user reads it: what went wrong in plain words and what to do next. Every
 * failure the popup can show (an API error type, an unreachable service, a missing login) ends
 * up as one of these. No DOM, no browser API: only zod.
 */
import { z } from 'zod';
import { ErrorTypeSchema } from './contract/errors.ts';

/** Problems found by the extension itself, beside the service's error types. */
export const LocalProblemKind = z.enum([
  'not_configured', // no API key saved yet
  'bad_settings', // the settings form holds something unusable
  'permission_missing', // the browser may not reach the configured service yet
  'unreachable', // the service did not answer (stopped, wrong address, offline)
  'bad_response', // it answered, but not as a Leadforge service would
  'no_session', // no Sales Navigator login in this browser
  'session_in_use', // this browser's session is another seat already
  'not_extractable', // the page is not a search, list, lead or account Leadforge can extract
  'not_cached', // an extraction's records are not in this browser yet
]);
export type LocalProblemKind = z.infer<typeof LocalProblemKind>;

export const ProblemKind = z.union([ErrorTypeSchema, LocalProblemKind]);
export type ProblemKind = z.infer<typeof ProblemKind>;

export const ProblemSchema = z.object({
  kind: ProblemKind,
  /** What happened, one sentence. */
  message: z.string(),
  /** What the user can do about it, one sentence. */
  next: z.string(),
  /** When the service said how long to wait (Retry-After). */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export function problem(kind: ProblemKind, message: string, next: string): Problem {
  return { kind, message, next };
}
