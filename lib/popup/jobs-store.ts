/**
 * The popup's jobs (zustand, vanilla): the list as IndexedDB has it at once, then as the
 * background refreshes it; polled while the popup is open and a job is active; and the CSV of a
 * finished extraction, built from the records cached in IndexedDB (fetched once into the cache
 * when they are not there yet), so a download needs no service and can be repeated later.
 */
import { createStore } from 'zustand/vanilla';
import type { RecordsRow } from '../db/job-rows.ts';
import { csvFileName, extractionCsv } from '../export/csv-file.ts';
import { ACTIVE_STATES, type JobView } from '../jobs/job-view.ts';
import type { ErrorReply, Message, ReplyFor } from '../messages.ts';
import type { Notice } from './popup-store.ts';

export interface JobsPorts {
  readJobs(): Promise<JobView[]>;
  readRecords(extractionId: string): Promise<RecordsRow | null>;
  send<M extends Message>(message: M): Promise<ReplyFor<M['type']> | ErrorReply>;
  /** Hands a file to the browser's downloads. */
  saveFile(name: string, text: string): void;
}

export interface JobsState {
  jobs: JobView[];
  refreshing: boolean;
  /** Why the last refresh fell short; the cached list stays on screen. */
  notice: Notice | null;
  /** The job whose CSV is being prepared. */
  downloading: string | null;
  /** Why a download failed, by job id. */
  downloadNotice: { jobId: string; notice: Notice } | null;
}

export interface JobsActions {
  open(): Promise<void>;
  refresh(): Promise<void>;
  /** One poll: refreshes only while a job is active and no refresh is under way. */
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
    jobs: [],
    refreshing: false,
    notice: null,
    downloading: null,
    downloadNotice: null,

    async open() {
      set({ jobs: await ports.readJobs().catch(() => []) });
      await get().refresh();
    },

    async refresh() {
      set({ refreshing: true });
      const reply = await ports.send({ type: 'refresh-jobs' });
      if (!reply.ok) return set({ refreshing: false, notice: fromError(reply) });
      set({ refreshing: false, jobs: reply.jobs, notice: reply.problem });
    },

    async tick() {
      const { jobs, refreshing } = get();
      if (!refreshing && jobs.some((job) => ACTIVE_STATES.has(job.state))) await get().refresh();
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
