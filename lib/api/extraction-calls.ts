/**
 * The extraction endpoints, and the finder and validation job lists the popup shows beside them,
 * on the client's request function. Creating an extraction is one attempt only: the caller
 * (extractions/start-extraction.ts) finds out whether an unanswered request arrived before it
 * sends again.
 */
import { EmailFinderJobListOutSchema } from '../contract/email-finder.ts';
import { EmailValidationJobListOutSchema } from '../contract/email-validation.ts';
import {
  ExtractionCreateOutSchema,
  ExtractionDetailOutSchema,
  ExtractionInProgressOutSchema,
  ExtractionListOutSchema,
  type SingleExtractionCreateIn,
  SingleExtractionOutSchema,
  type UrlExtractionCreateIn,
} from '../contract/extractions.ts';
import type { Call } from './client.ts';

/** The single extraction answers within about 25 s (api.md); the client waits a little longer. */
export const SINGLE_TIMEOUT_MS = 40_000;

const query = (params: Record<string, number | undefined>): string => {
  const present = Object.entries(params).filter((e): e is [string, number] => e[1] !== undefined);
  return present.length === 0 ? '' : `?${new URLSearchParams(present.map(([k, v]) => [k, String(v)])).toString()}`;
};

const once = (idempotencyKey: string) => ({ retry: false, headers: { 'Idempotency-Key': idempotencyKey } });

export function extractionCalls(call: Call) {
  return {
    /** `POST /v1/extractions/url/`: 202 with the id to poll. */
    createUrlExtraction: (body: UrlExtractionCreateIn, idempotencyKey: string) =>
      call('POST', '/v1/extractions/url/', ExtractionCreateOutSchema, body, once(idempotencyKey)),

    /** `POST /v1/extractions/single/`: 200 with the record, or 202 with the id to poll when it took long. */
    createSingleExtraction: (body: SingleExtractionCreateIn, idempotencyKey: string) =>
      call(
        'POST',
        '/v1/extractions/single/',
        { byStatus: { 200: SingleExtractionOutSchema, 202: ExtractionCreateOutSchema } },
        body,
        { ...once(idempotencyKey), timeoutMs: SINGLE_TIMEOUT_MS },
      ),

    /** `GET /v1/extractions/`, newest first. */
    listExtractions: (page: { start?: number; limit?: number } = {}) =>
      call('GET', `/v1/extractions/${query(page)}`, ExtractionListOutSchema),

    /** `GET /v1/extractions/{id}/`: 200 when finished (with records), 202 while running. */
    extraction: (id: string, page: { start?: number; limit?: number } = {}) =>
      call(
        'GET',
        `/v1/extractions/${encodeURIComponent(id)}/${query(page)}`,
        { byStatus: { 200: ExtractionDetailOutSchema, 202: ExtractionInProgressOutSchema } },
        undefined,
        { timeoutMs: 60_000 },
      ),
  };
}

export function jobListCalls(call: Call) {
  return {
    listFinderJobs: (limit = 25) => call('GET', `/v1/email-finder/${query({ limit })}`, EmailFinderJobListOutSchema),
    listValidationJobs: (limit = 25) =>
      call('GET', `/v1/email-validation/${query({ limit })}`, EmailValidationJobListOutSchema),
  };
}
