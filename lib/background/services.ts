/**
 * The background's use cases: save settings (after the service accepts the key), refresh the
 * quota, reconnect the seat (each answers with the popup's new snapshot); start an extraction
 * (and repeat it), refresh the jobs and schedules, cache an extraction's records; build a search
 * from a description; pause, resume, rename and stop schedules (schedule-services.ts).
 */
import { describeFailure } from '../api/describe-failure.ts';
import { QUICK_RETRY } from '../api/retry.ts';
import { writeQuota } from '../db/cache-store.ts';
import { readSnapshot } from '../db/read-snapshot.ts';
import { readSchedules } from '../db/schedules-store.ts';
import { readApiKey, saveSettings } from '../db/settings-store.ts';
import { createStarter } from '../extractions/start-extraction.ts';
import type { JobSync } from '../jobs/job-sync.ts';
import {
  type DoneReply,
  type ErrorReply,
  type ExtractionStartedReply,
  type JobsReply,
  problemReply,
  type StateReply,
} from '../messages.ts';
import { canRepeat } from '../page/repeat.ts';
import { type Problem, problem } from '../problem.ts';
import type { ScheduleSync } from '../recurring/schedule-sync.ts';
import { pageKind } from '../salesnav/page-kind.ts';
import { type BuildSearchReply, describeBuildFailure } from '../search-builder/search-builder.ts';
import type { SeatSync } from '../seat/seat-sync.ts';
import { checkApiKeyForm } from '../settings/api-key.ts';
import { parseBaseUrl } from '../settings/base-url.ts';
import { checkHostAccess, clientFor, openApi } from './api-access.ts';
import type { BackgroundDeps } from './deps.ts';
import { fetchQuota as fetchQuotaWith } from './fetch-quota.ts';
import type { BackgroundServices } from './handle-message.ts';
import { scheduleServices } from './schedule-services.ts';

export function createServices(
  deps: BackgroundDeps,
  seats: SeatSync,
  jobs: JobSync,
  schedules: ScheduleSync,
): BackgroundServices {
  const { db, clock } = deps;
  const reply = async (problem: Problem | null): Promise<StateReply> => ({
    ok: true,
    snapshot: await readSnapshot(db, clock.now()),
    problem,
  });

  const fetchQuota = () => fetchQuotaWith(deps, seats);
  const start = createStarter({ ...deps, openApi: () => openApi(deps), pollJobs: jobs.resume });
  const { repeat, updateSchedule, stopSchedule } = scheduleServices(deps, schedules);

  /** Catches up on the seat; when that connected a session, the quota just fetched is stale. */
  async function syncSeat(force: boolean, seatId?: string): Promise<Problem | null> {
    const synced = await seats.sync({ force, ...(seatId ? { seatId } : {}) });
    if (synced.connected) await fetchQuota();
    return synced.problem;
  }

  return {
    async saveSettings(input): Promise<StateReply | ErrorReply> {
      const base = parseBaseUrl(input.baseUrl);
      if (!base.ok) return problemReply(problem('bad_settings', base.message, 'Correct the address and save again.'));
      const typed = input.apiKey?.trim() ? checkApiKeyForm(input.apiKey) : null;
      if (typed && !typed.ok) return problemReply(problem('bad_settings', typed.message, 'Paste the key again.'));
      const apiKey = typed?.apiKey ?? (await readApiKey(db));
      if (!apiKey) return problemReply(problem('bad_settings', 'Enter your API key.', 'Paste the key and save.'));

      const denied = await checkHostAccess(deps, base.baseUrl);
      if (denied) return problemReply(denied);
      // The key is checked against the service before anything is saved: a bad key never replaces a good one.
      const client = clientFor(deps, base.baseUrl, apiKey, QUICK_RETRY);
      const checked = await client.quota();
      if (!checked.ok) return problemReply(describeFailure(checked.failure, base.baseUrl));

      await saveSettings(db, base.baseUrl, apiKey, clock.now());
      await writeQuota(db, checked.data.quota, clock.now());
      return reply(await syncSeat(false));
    },

    async refresh(): Promise<StateReply> {
      const quotaProblem = await fetchQuota();
      if (quotaProblem) return reply(quotaProblem);
      return reply(await syncSeat(false));
    },

    async reconnect(seatId): Promise<StateReply> {
      return reply(await syncSeat(true, seatId));
    },

    async startExtraction({ repeat: frequency, ...request }): Promise<ExtractionStartedReply | ErrorReply> {
      // Refused before anything is made: a list or a profile extracted without the repeat asked for is a surprise.
      if (frequency && !canRepeat(pageKind(request.pageUrl))) {
        return problemReply(
          problem(
            'not_extractable',
            'Only people and company searches can repeat; this page is neither.',
            'Choose Once to extract it, or open a search to repeat.',
          ),
        );
      }
      const outcome = await start(request);
      if (!outcome.ok) return problemReply(outcome.problem);
      const started = { ok: true as const, job: outcome.job, prospect: outcome.prospect };
      // The extraction stands whatever the schedule's fate; the same request again only retries the schedule.
      return frequency ? { ...started, repeat: await repeat(outcome.job.remoteId, frequency) } : started;
    },

    async refreshJobs(): Promise<JobsReply> {
      const { jobs: list, problem } = await jobs.refresh();
      return { ok: true, jobs: list, schedules: await readSchedules(db), problem };
    },

    updateSchedule,
    stopSchedule,

    async cacheRecords(extractionId): Promise<DoneReply | ErrorReply> {
      const problem = await jobs.cache(extractionId);
      return problem ? problemReply(problem) : { ok: true };
    },

    async buildSearch({ description, searchType }): Promise<BuildSearchReply | ErrorReply> {
      // The user is watching a button: one quick retry, then the answer.
      const api = await openApi(deps, QUICK_RETRY);
      if (!api.ok) return problemReply(api.problem);
      const built = await api.client.buildSearch({ description, search_type: searchType });
      if (!built.ok) return problemReply(describeBuildFailure(built.failure, api.client.baseUrl));
      // The popup opens this in a tab: only a Sales Navigator search, whatever the service said.
      const kind = pageKind(built.data.url);
      if (kind !== (searchType === 'LEAD' ? 'people-search' : 'company-search')) {
        return problemReply(
          problem(
            'bad_response',
            `The service at ${api.client.baseUrl} answered with an address that is not a Sales Navigator search.`,
            'Update the extension and the service to the same version; if they match, report this.',
          ),
        );
      }
      return { ok: true, url: built.data.url, filtersUsed: built.data.filters_used };
    },
  };
}
