/**
 * The recurring export endpoints on the client's request function. Each is safe to repeat, so
 * each keeps the client's retries: the service does not schedule one search twice (a second
 * create updates the first and answers created: false), an update sets fields to values, and a
 * stop repeated after a lost answer is a 404 the caller reads as "already stopped".
 */
import {
  type RecurringExportCreateIn,
  RecurringExportCreateOutSchema,
  RecurringExportDeleteOutSchema,
  RecurringExportListOutSchema,
  RecurringExportOutSchema,
  type RecurringExportUpdateIn,
} from '../contract/recurring.ts';
import type { Call } from './client.ts';

const PATH = '/v1/extractions/recurring/';
const one = (scheduleId: string) => `${PATH}${encodeURIComponent(scheduleId)}/`;

export function recurringCalls(call: Call) {
  return {
    /** `POST /v1/extractions/recurring/`: schedules an extraction's search (200). */
    createSchedule: (body: RecurringExportCreateIn) => call('POST', PATH, RecurringExportCreateOutSchema, body),
    /** `GET /v1/extractions/recurring/`: the schedules that can still run, paused ones included. */
    listSchedules: () => call('GET', PATH, RecurringExportListOutSchema),
    /** `PATCH /v1/extractions/recurring/{id}/`: pause, resume, rename, change the frequency. */
    updateSchedule: (scheduleId: string, body: RecurringExportUpdateIn) =>
      call('PATCH', one(scheduleId), RecurringExportOutSchema, body),
    /** `DELETE /v1/extractions/recurring/{id}/`: stops it for good; its runs stay. */
    stopSchedule: (scheduleId: string) => call('DELETE', one(scheduleId), RecurringExportDeleteOutSchema),
  };
}
