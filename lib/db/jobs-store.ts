/** The jobs the popup lists and the records cached for download. */
import type { ProspectRecord } from '../contract/extractions.ts';
import type { JobView } from '../jobs/job-view.ts';
import type { LeadforgeDb } from './database.ts';
import { type JobRow, JobRowSchema, type RecordsRow, RecordsRowSchema } from './job-rows.ts';

/** How many jobs the popup keeps; older ones (and their cached records) are dropped. */
export const MAX_JOBS = 50;

/** Every job, newest first; a row an older version wrote that no longer parses is skipped. */
export async function readJobRows(db: LeadforgeDb): Promise<JobRow[]> {
  const rows = await db.jobs.orderBy('createdAt').reverse().toArray();
  return rows.flatMap((row) => {
    const parsed = JobRowSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The jobs the popup lists: every row but schedules' templates. */
export async function readJobs(db: LeadforgeDb): Promise<JobView[]> {
  return (await readJobRows(db)).filter((row) => !row.template).map(toView);
}

export function toView(row: JobRow): JobView {
  const { failureReason: _f, notified: _n, settled: _s, kindHint: _k, updatedAt: _u, template: _t, ...view } = row;
  return view;
}

/** Writes rows and drops the oldest beyond MAX_JOBS with their records, in one transaction. */
export async function writeJobRows(db: LeadforgeDb, rows: JobRow[]): Promise<void> {
  await db.transaction('rw', db.jobs, db.records, async () => {
    await db.jobs.bulkPut(rows);
    const stale = await db.jobs.orderBy('createdAt').reverse().offset(MAX_JOBS).toArray();
    await db.jobs.bulkDelete(stale.map((r) => r.id));
    await db.records.bulkDelete(stale.filter((r) => r.source === 'extraction').map((r) => r.remoteId));
  });
}

export async function readRecords(db: LeadforgeDb, extractionId: string): Promise<RecordsRow | null> {
  const parsed = RecordsRowSchema.safeParse(await db.records.get(extractionId));
  return parsed.success ? parsed.data : null;
}

/** Caches an extraction's records and notes their number on its job row. */
export async function writeRecords(
  db: LeadforgeDb,
  row: Omit<RecordsRow, 'prospects'> & { prospects: ProspectRecord[] },
): Promise<void> {
  await db.transaction('rw', db.jobs, db.records, async () => {
    await db.records.put(row);
    await db.jobs.update(`extraction:${row.extractionId}`, { cached: row.prospects.length });
  });
}
