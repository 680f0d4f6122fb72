import type { RecurringExportOut } from '../../../lib/contract/recurring.ts';
import { formatExtractionTime } from '../../../lib/contract/time.ts';
import type { ScheduleRow } from '../store/recurring-repo.ts';

const time = (ms: number) => formatExtractionTime(new Date(ms));

/** A schedule as get, list and update return it (decisions.md's fields, and why a run was last skipped). */
export function scheduleView(row: ScheduleRow, runIds: string[]): RecurringExportOut {
  return {
    schedule_id: row.id,
    name: row.name,
    frequency: row.frequency,
    paused: row.status === 'paused',
    source_url: row.source_url,
    template_extraction_id: row.template_extraction_id,
    next_run_at: time(row.next_run_at),
    last_run_at: row.last_run_at === null ? null : time(row.last_run_at),
    created_at: time(row.created_at),
    last_skipped_at: row.last_skipped_at === null ? null : time(row.last_skipped_at),
    last_skip_reason: row.last_skip_reason,
    run_ids: runIds,
  };
}
