/**
 * The background's schedule use cases as the messages reach them: repeat the extraction just
 * started, pause, resume, rename, change how often, and stop. The user is watching a control each
 * time: one quick retry, then the answer. Each change answers with the schedules as IndexedDB now has them.
 */
import { QUICK_RETRY } from '../api/retry.ts';
import { readSchedules } from '../db/schedules-store.ts';
import type { RepeatOutcome, SchedulesReply } from '../messages.ts';
import type { Problem } from '../problem.ts';
import type { ScheduleChange, ScheduleSync } from '../recurring/schedule-sync.ts';
import type { RepeatFrequency } from '../recurring/schedule-view.ts';
import { openApi } from './api-access.ts';
import type { BackgroundDeps } from './deps.ts';

export function scheduleServices(deps: BackgroundDeps, schedules: ScheduleSync) {
  const reply = async (problem: Problem | null): Promise<SchedulesReply> => ({
    ok: true,
    schedules: await readSchedules(deps.db),
    problem,
  });

  return {
    async repeat(extractionId: string, frequency: RepeatFrequency): Promise<RepeatOutcome> {
      const api = await openApi(deps, QUICK_RETRY);
      if (!api.ok) return { ok: false, problem: api.problem };
      return schedules.create(api.client, extractionId, frequency);
    },

    async updateSchedule(scheduleId: string, change: ScheduleChange): Promise<SchedulesReply> {
      const api = await openApi(deps, QUICK_RETRY);
      if (!api.ok) return reply(api.problem);
      const changed = await schedules.update(api.client, scheduleId, change);
      return reply(changed.ok ? null : changed.problem);
    },

    async stopSchedule(scheduleId: string): Promise<SchedulesReply> {
      const api = await openApi(deps, QUICK_RETRY);
      if (!api.ok) return reply(api.problem);
      const stopped = await schedules.stop(api.client, scheduleId);
      return reply(stopped.ok ? null : stopped.problem);
    },
  };
}
