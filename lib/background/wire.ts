/**
 * The background's parts wired together on one set of ports: the seat sync, the schedules, the job
 * sync and the services the messages reach. background.ts calls this with the browser's ports, tests with fakes.
 */
import { createJobSync } from '../jobs/job-sync.ts';
import { createScheduleSync } from '../recurring/schedule-sync.ts';
import { createSeatSync } from '../seat/seat-sync.ts';
import { openApi } from './api-access.ts';
import type { BackgroundDeps } from './deps.ts';
import { fetchQuota } from './fetch-quota.ts';
import { createServices } from './services.ts';

export function wireBackground(deps: BackgroundDeps) {
  const api = () => openApi(deps);
  const seats = createSeatSync({ ...deps, openApi: api });
  const schedules = createScheduleSync(deps);
  const jobs = createJobSync({
    db: deps.db,
    clock: deps.clock,
    openApi: api,
    notify: deps.notify,
    alarms: deps.alarms,
    // The quota's seats say the seat is invalid now: the popup and the badge show it.
    onSeatExpired: async () => {
      await fetchQuota(deps, seats);
    },
    schedules,
  });
  return { seats, jobs, schedules, services: createServices(deps, seats, jobs, schedules) };
}
