/**
 * Fetches every record of a finished extraction, page by page, into IndexedDB, so the popup builds
 * its CSV from the cache at once, offline, and again later, without asking the service twice.
 */
import type { ApiClient } from '../api/client.ts';
import type { ApiFailure } from '../api/failure.ts';
import type { ExtractionDetailOut, ProspectRecord } from '../contract/extractions.ts';
import type { LeadforgeDb } from '../db/database.ts';
import type { RecordsRow } from '../db/job-rows.ts';
import { writeRecords } from '../db/jobs-store.ts';

/** Records per request: a few hundred kilobytes each, well inside the client's timeout. */
export const RECORDS_PAGE = 1000;

export type CacheOutcome =
  | { ok: true; count: number }
  | { ok: false; failure: ApiFailure }
  /** The service says it is still running: there is nothing final to cache yet. */
  | { ok: false; running: true };

export async function cacheRecords(
  client: ApiClient,
  db: LeadforgeDb,
  now: () => number,
  extractionId: string,
  kindHint: RecordsRow['kindHint'],
): Promise<CacheOutcome> {
  const prospects: ProspectRecord[] = [];
  for (let start = 0; ; ) {
    const page = await client.extraction(extractionId, { start, limit: RECORDS_PAGE });
    if (!page.ok) return page;
    if (page.status !== 200) return { ok: false, running: true };
    const detail = page.data as ExtractionDetailOut;
    prospects.push(...detail.prospects);
    if (!detail.has_more || detail.returned_count === 0) break;
    start += detail.returned_count;
  }
  await writeRecords(db, { extractionId, prospects, kindHint, cachedAt: now() });
  return { ok: true, count: prospects.length };
}

/** Stores the record a single extraction answered with at once. */
export async function cacheSingleRecord(
  db: LeadforgeDb,
  now: number,
  extractionId: string,
  prospect: ProspectRecord,
  kindHint: RecordsRow['kindHint'],
): Promise<void> {
  const prospects = Object.keys(prospect).length === 0 ? [] : [prospect];
  await writeRecords(db, { extractionId, prospects, kindHint, cachedAt: now });
}
