/**
 * The schedules in the extension's IndexedDB (version 4): each recurring export as the service
 * last listed it, plus which of its runs this browser has added to its jobs already.
 */
import { z } from 'zod';
import { ScheduleViewSchema } from '../recurring/schedule-view.ts';

export const ScheduleRowSchema = ScheduleViewSchema.extend({
  /**
   * Run ids this browser has added to its jobs (a subset of the newest runIds), so a run the jobs
   * table later drops (it keeps the newest MAX_JOBS) is not fetched and added again on every refresh.
   */
  adoptedRunIds: z.array(z.string()),
  updatedAt: z.number(),
});
export type ScheduleRow = z.infer<typeof ScheduleRowSchema>;
