import type { JobState, JobView } from '../lib/jobs/job-view.ts';
import { canDownload, type JobsState } from '../lib/popup/jobs-store.ts';
import { NoticeBox } from './notice-box.tsx';

const STATE_LABEL: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  failed: 'Stopped',
};

interface Props {
  state: JobsState;
  onDownload(job: JobView): void;
}

/** Extractions, finder and validation jobs, newest first, with progress and why one stopped. */
export function JobList({ state, onDownload }: Props) {
  const { jobs, notice, downloading, downloadNotice } = state;
  return (
    <section class="jobs" data-testid="jobs">
      <h2 class="section-title">Jobs</h2>
      {notice && <NoticeBox notice={notice} testId="jobs-notice" />}
      {jobs.length === 0 ? (
        <p class="muted">
          No jobs yet. Open a Sales Navigator search, list or lead and press Extract, or describe one on the Search tab.
        </p>
      ) : (
        <ul class="job-list">
          {jobs.map((job) => (
            <li
              key={job.id}
              class="job"
              data-testid="job-row"
              data-job-id={job.remoteId}
              data-source={job.source}
              data-state={job.state}
            >
              <div class="job-head">
                <span class="job-name">{job.name || job.what}</span>
                <span class={`job-state job-state-${job.state}`} data-testid="job-state">
                  {STATE_LABEL[job.state]}
                </span>
              </div>
              <Progress job={job} />
              <p class="muted" data-testid="job-detail">
                {detail(job)}
              </p>
              {job.failure && <NoticeBox notice={job.failure} testId="job-failure" />}
              {downloadNotice?.jobId === job.id && (
                <NoticeBox notice={downloadNotice.notice} testId="download-notice" />
              )}
              {canDownload(job) && (
                <button
                  type="button"
                  class="button button-small"
                  disabled={downloading === job.id}
                  onClick={() => onDownload(job)}
                  data-testid="job-download"
                >
                  {downloading === job.id ? 'Preparing…' : 'Download CSV'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Progress({ job }: { job: JobView }) {
  const value = job.progress ?? 0;
  return (
    <div
      class="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="job-progress"
      data-value={value}
    >
      <div class={`progress-bar progress-${job.state}`} style={{ width: `${value}%` }} />
    </div>
  );
}

function detail(job: JobView): string {
  const parts = [job.what];
  if (job.progress !== null && job.state !== 'done') parts.push(`${job.progress}%`);
  if (job.produced !== null) {
    parts.push(`${job.produced.toLocaleString('en-US')} ${job.produced === 1 ? 'record' : 'records'}`);
  } else if (job.total) {
    parts.push(`about ${job.total.toLocaleString('en-US')} expected`);
  }
  parts.push(new Date(job.createdAt).toLocaleString());
  return parts.join(' · ');
}
