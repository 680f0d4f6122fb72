import { describe, expect, it } from 'vitest';
import type { JobView } from '../jobs/job-view.ts';
import type { ExtractionStartedReply } from '../messages.ts';
import type { ScheduleView } from '../recurring/schedule-view.ts';
import { type StartRequest, startedWords } from './start-outcome.ts';

const JOB: JobView = {
  id: 'extraction:e1',
  source: 'extraction',
  remoteId: 'e1',
  name: 'CTOs',
  what: 'Lead search',
  state: 'queued',
  status: 'ACCEPTED',
  progress: 0,
  total: null,
  produced: null,
  failure: null,
  createdAt: 1,
  cached: null,
};
const SCHEDULE: ScheduleView = {
  id: 's1',
  name: 'CTOs',
  frequency: 'weekly',
  paused: false,
  sourceUrl: 'https://www.linkedin.com/sales/search/people?savedSearchId=1',
  templateExtractionId: 't1',
  nextRunAt: Date.UTC(2026, 0, 22, 9),
  lastRunAt: null,
  skipped: null,
  createdAt: Date.UTC(2026, 0, 15, 9),
  runIds: [],
};
const REQUEST: StartRequest = {
  requestId: '7a1c6c3e-8a4b-4c5d-9e6f-0a1b2c3d4e5f',
  pageUrl: 'https://www.linkedin.com/sales/search/people?savedSearchId=1',
  name: 'CTOs',
  enrich: 'none',
};
const started = (extra: Partial<ExtractionStartedReply> = {}): ExtractionStartedReply => ({
  ok: true,
  job: JOB,
  prospect: null,
  ...extra,
});

describe('what the control says after Start', () => {
  it('says the extraction started, and where to follow it', () => {
    expect(startedWords(started(), REQUEST)).toEqual({
      state: 'started',
      message: 'Extraction started: CTOs.',
      next: 'Follow its progress in the Leadforge popup; you will be notified when it is ready.',
    });
  });

  it('adds when the next run is when it repeats', () => {
    const outcome = startedWords(started({ repeat: { ok: true, created: true, schedule: SCHEDULE } }), {
      ...REQUEST,
      repeat: 'weekly',
    });
    expect(outcome).toMatchObject({
      state: 'started',
      message: `Extraction started: CTOs. It repeats every week; next run ${new Date(SCHEDULE.nextRunAt).toLocaleString()}.`,
    });
  });

  it('warns that it does not repeat, with what to do and the same request to retry', () => {
    const request = { ...REQUEST, repeat: 'daily' as const };
    const problem = {
      kind: 'NoUsableSeat' as const,
      message: 'No seat.',
      next: 'Reconnect, then press Schedule again.',
    };
    expect(startedWords(started({ repeat: { ok: false, problem } }), request)).toEqual({
      state: 'warning',
      message: 'Extraction started: CTOs. It could not be set to repeat every day: No seat.',
      next: 'Reconnect, then press Schedule again.',
      retry: request,
    });
  });
});
