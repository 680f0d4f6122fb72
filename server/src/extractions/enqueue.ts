import type { Kysely } from 'kysely';
import type { JobQueue } from '../jobs/queue.ts';
import { type ExtractionRow, insertExtraction, insertItems } from '../store/extractions-repo.ts';
import type { DB, ExtractionItemsTable } from '../store/schema.ts';
import { EXTRACTION_RUN, type ExtractionPayload } from './run-job.ts';

/**
 * Stores an extraction, its items and its job in the caller's transaction: a request accepting
 * one, or a schedule firing a run. Either all of it is there or none.
 */
export async function insertExtractionWithJob(
  tx: Kysely<DB>,
  queue: JobQueue,
  row: ExtractionRow,
  items: Omit<ExtractionItemsTable, 'extraction_id'>[] = [],
): Promise<void> {
  await insertExtraction(tx, row);
  await insertItems(
    tx,
    items.map((i) => ({ ...i, extraction_id: row.id })),
  );
  const payload: ExtractionPayload = { extractionId: row.id };
  await queue.enqueue(tx, {
    kind: EXTRACTION_RUN,
    accountId: row.account_id,
    payload,
    maxAttempts: 8,
    dedupeKey: `extraction:${row.id}`,
  });
}

/** The state of an extraction that has not started: nothing read, counted or failed yet. */
export const notStarted = (now: number) => ({
  failure_reason: '' as const,
  failure_detail: null,
  total_prospects: 0,
  reachable: null,
  progress: 0,
  record_count: 0,
  paused_count: 0,
  created_at: now,
  updated_at: now,
  completed_at: null,
});
