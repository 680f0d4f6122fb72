/**
 * The popup's jobs and schedules (zustand, vanilla): the lists as IndexedDB has them at once, then
 * as the background refreshes them; polled while the popup is open and a job is active, and now
 * and then while a schedule may start a run; and the CSV of a finished extraction, built from the
 * records cached in IndexedDB (fetched once into the cache when they are not there yet), so a
 * download needs no service and can be repeated later. Schedule actions: schedules-slice.ts.
 */
import { createStore } from 'zustand/vanilla';
import type { RecordsRow } from '../db/job-rows.ts';
import { csvFileName, extractionCsv } from '../export/csv-file.ts';
import { ACTIVE_STATES, type JobView } from '../jobs/job-view.ts';
import type { ErrorReply, Message, ReplyFor } from '../messages.ts';
import type { ScheduleView } from '../recurring/schedule-view.ts';
import type { Notice } from './popup-store.ts';
import { type SchedulesActions, type SchedulesState, schedulesSlice } from './schedules-slice.ts';

/**
 * While a schedule is active, the open popup asks this often whether it started a run: the run's
 * time is the service's clock (sandbox time may run ahead), so the popup cannot tell it is due.
 */
export const SCHEDULES_POLL_MS = 5000;

export interface JobsPorts {
  readJobs(): Promise<JobView[]>;
  readSchedules(): Promise<ScheduleView[]>;
  readRecords(extractionId: string): Promise<RecordsRow | null>;
  send<M extends Message>(message: M): Promise<ReplyFor<M['type']> | ErrorReply>;
  /** Hands a file to the browser's downloads. */
  saveFile(name: string, text: string): void;
}

export interface JobsState extends SchedulesState {
  jobs: JobView[];
  refreshing: boolean;
  /** When the last refresh ended (ms, this browser's clock); 0 before the first. */
  refreshedAt: number;
  /** Why the last refresh fell short; the cached list stays on screen. */
  notice: Notice | null;
  /** The job whose CSV is being prepared. */
  downloading: string | null;
  /** Why a download failed, by job id. */
  downloadNotice: { jobId: string; notice: Notice } | null;
}

export interface JobsActions extends SchedulesActions {
  open(): Promise<void>;
  refresh(): Promise<void>;
  /** One poll: refreshes while a job is active, or a while after the last refresh when a schedule is; never twice at once. */
  tick(): Promise<void>;
  download(job: JobView): Promise<void>;
}

export type JobsStore = ReturnType<typeof createJobsStore>;

/** A job whose records can be downloaded: finished (a failed one keeps what it found) with records. */
export function canDownload(job: JobView): boolean {
  if (job.source !== 'extraction') return false;
  if ((job.cached ?? 0) > 0) return true;
  return (job.state === 'done' || job.state === 'failed') && (job.produced ?? 0) > 0;
}

export function createJobsStore(ports: JobsPorts) {
  return createStore<JobsState & JobsActions>()((set, get) => ({
    ...schedulesSlice(ports, set),
    jobs: [],
    refreshing: false,
    refreshedAt: 0,
    notice: null,
    downloading: null,
    downloadNotice: null,

    async open() {
      const [jobs, schedules] = await Promise.all([
        ports.readJobs().catch(() => []),
        ports.readSchedules().catch(() => []),
      ]);
      set({ jobs, schedules });
      await get().refresh();
    },

    async refresh() {
      set({ refreshing: true });
      const reply = await ports.send({ type: 'refresh-jobs' });
      if (!reply.ok) return set({ refreshing: false, refreshedAt: Date.now(), notice: fromError(reply) });
      set({
        refreshing: false,
        refreshedAt: Date.now(),
        jobs: reply.jobs,
        schedules: reply.schedules,
        notice: reply.problem,
      });
    },

    async tick() {
      const { jobs, schedules, refreshing, refreshedAt } = get();
      if (refreshing) return;
      const running = jobs.some((job) => ACTIVE_STATES.has(job.state));
      const runMayStart =
        schedules.some((schedule) => !schedule.paused) && Date.now() - refreshedAt >= SCHEDULES_POLL_MS;
      if (running || runMayStart) await get().refresh();
    },

    async download(job) {
      set({ downloading: job.id, downloadNotice: null });
      const failed = (notice: Notice) => set({ downloading: null, downloadNotice: { jobId: job.id, notice } });
      let records = await ports.readRecords(job.remoteId);
      if (!records) {
        // Not cached yet (the popup was closed when it finished): fetch it once into the cache.
        const reply = await ports.send({ type: 'cache-records', extractionId: job.remoteId });
        if (!reply.ok) return failed(fromError(reply));
        records = await ports.readRecords(job.remoteId);
      }
      if (!records) {
        return failed({
          message: 'The records of this extraction could not be stored in this browser.',
          next: 'Try again; if it keeps failing, reload the extension.',
        });
      }
      ports.saveFile(
        csvFileName(job.name || job.what, job.createdAt),
        extractionCsv(records.prospects, records.kindHint),
      );
      set({ downloading: null, jobs: await ports.readJobs().catch(() => get().jobs) });
    },
  }));
}

/** A refusal without a next step is the extension's own trouble: opening the popup again restarts it. */
function fromError({ error }: ErrorReply): Notice {
  return { message: error.message, next: error.next ?? 'Close the popup and open it again.' };
}
