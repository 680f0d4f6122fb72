import { z } from 'zod';

/** Extraction job states as responses report them (api.md, "Extraction status"). */
export const ExtractionStatusSchema = z.enum(['ACCEPTED', 'SCHEDULED', 'EXECUTING', 'EXECUTED', 'PAUSED', 'FAILED']);
export type ExtractionStatus = z.infer<typeof ExtractionStatusSchema>;

/** The lowercase names the extraction list's `status` filter takes, and the state each means (decisions.md). */
export const EXTRACTION_STATUS_FILTER = {
  pending: 'ACCEPTED',
  scheduled: 'SCHEDULED',
  processing: 'EXECUTING',
  completed: 'EXECUTED',
  paused: 'PAUSED',
  failed: 'FAILED',
} as const satisfies Record<string, ExtractionStatus>;
export const ExtractionStatusFilterSchema = z.enum(
  Object.keys(EXTRACTION_STATUS_FILTER) as [keyof typeof EXTRACTION_STATUS_FILTER],
);

export const ExtractionTypeSchema = z.enum(['SEARCH', 'LIST', 'UPLOAD', 'SINGLE']);
export type ExtractionType = z.infer<typeof ExtractionTypeSchema>;

export const FailureReasonSchema = z.enum(['insufficient_credits', 'auth_error', 'quota_exceeded', 'invalid_urls']);

export const EnrichEmailSchema = z.enum(['none', 'matching', 'all']);
export type EnrichEmail = z.infer<typeof EnrichEmailSchema>;

/** Finder and validation job states. */
export const JobStatusSchema = z.enum(['pending', 'running', 'complete', 'failed']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** States of one prospect inside a finder or validation job. */
export const ProspectStatusSchema = z.enum(['pending', 'processing', 'complete', 'failed']);

export const JobTypeSchema = z.enum(['email_finder', 'email_validation']);

/** The four verdicts: safe = deliverable, riskier = deliverable with less confidence, suspect = unconfirmed, invalid = undeliverable. */
export const VerdictSchema = z.enum(['safe', 'riskier', 'suspect', 'invalid']);
export type Verdict = z.infer<typeof VerdictSchema>;

/** Recurring export cadence; upper case is accepted on input (decisions.md). */
export const FrequencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(['daily', 'weekly', 'monthly']),
);

export const SearchTypeSchema = z.enum(['LEAD', 'ACCOUNT']);

export const SeatStatusSchema = z.enum(['valid', 'invalid']);
export type SeatStatus = z.infer<typeof SeatStatusSchema>;
