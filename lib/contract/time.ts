import { z } from 'zod';

/*
 * The two time formats of the /v1 wire (decisions.md, "Times"):
 * - extraction fields (`search_date_created`, `created_at`, `completed_at`, and the recurring export
 *   times): `YYYY-MM-DD HH:MM:SS+00:00`, always UTC, whole seconds;
 * - email finder and validation job fields: ISO 8601 with `Z`.
 */

/** `YYYY-MM-DD HH:MM:SS+00:00` with the fields in range (month 01-12, day 01-31, hour 00-23). */
export const EXTRACTION_TIME_PATTERN =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]) (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\+00:00$/;

export const ExtractionTimeSchema = z
  .string()
  .regex(EXTRACTION_TIME_PATTERN, 'must be a UTC time formatted YYYY-MM-DD HH:MM:SS+00:00')
  .meta({ description: 'UTC time, `YYYY-MM-DD HH:MM:SS+00:00`.', examples: ['2025-03-14 09:26:53+00:00'] });

/** ISO 8601 in UTC with `Z` (fractional seconds allowed, offsets other than Z not). */
export const JobTimeSchema = z.iso
  .datetime()
  .meta({ description: 'UTC time, ISO 8601 with Z.', examples: ['2025-03-14T09:26:53.589Z'] });

function assertFormattable(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid Date');
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`year ${year} is outside 0000-9999`);
}

/** A Date as an extraction time: `2025-03-14 09:26:53+00:00` (milliseconds dropped, never rounded up). */
export function formatExtractionTime(date: Date): string {
  assertFormattable(date);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

/** The Date of an extraction time; throws a RangeError on anything else. */
export function parseExtractionTime(value: string): Date {
  if (!EXTRACTION_TIME_PATTERN.test(value)) throw new RangeError(`not an extraction time: ${JSON.stringify(value)}`);
  const date = new Date(`${value.slice(0, 10)}T${value.slice(11, 19)}Z`);
  // Rejects days the month does not have (2025-02-30), which Date would roll over.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.slice(0, 10)) {
    throw new RangeError(`not a calendar date: ${JSON.stringify(value)}`);
  }
  return date;
}

/** A Date as an email job time: `2025-03-14T09:26:53.589Z`. */
export function formatJobTime(date: Date): string {
  assertFormattable(date);
  return date.toISOString();
}

/** The Date of an email job time (ISO 8601 with Z); throws a RangeError on anything else. */
export function parseJobTime(value: string): Date {
  if (!JobTimeSchema.safeParse(value).success)
    throw new RangeError(`not an ISO 8601 UTC time: ${JSON.stringify(value)}`);
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.slice(0, 10))
    throw new RangeError(`not a calendar date: ${JSON.stringify(value)}`);
  return date;
}
