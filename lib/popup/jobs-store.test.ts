import { describe, expect, it, vi } from 'vitest';
import type { RecordsRow } from '../db/job-rows.ts';
import type { JobView } from '../jobs/job-view.ts';
import type { ErrorReply, Message } from '../messages.ts';
import { canDownload, createJobsStore, type JobsPorts } from './jobs-store.ts';

const JOB: JobView = {
  id: 'extraction:e1',
  source: 'extraction',
  remoteId: 'e1',
  name: 'CTOs in France',
  what: 'Lead search',
  state: 'done',
  status: 'EXECUTED',
  progress: 100,
  total: 14,
  produced: 2,
  failure: null,
  createdAt: Date.UTC(2026, 0, 15),
  cached: null,
};
const RECORDS: RecordsRow = {
  extractionId: 'e1',
  prospects: [{ 'Full Name': 'Ann' }, { 'Full Name': 'Bob' }],
  kindHint: 'lead',
  cachedAt: 1,
};

function ports(cache: Map<string, RecordsRow>, answer: (m: Message) => unknown) {
  const fake = {
    readJobs: vi.fn(async () => [JOB]),
    readRecords: vi.fn(async (id: string) => cache.get(id) ?? null),
    send: vi.fn(async (m: Message) => answer(m)),
    saveFile: vi.fn(),
  };
  return fake as typeof fake & JobsPorts;
}

describe('the popup’s jobs', () => {
  it('downloads from the cache without asking the background', async () => {
    const p = ports(new Map([['e1', RECORDS]]), () => ({ ok: true }));
    await createJobsStore(p).getState().download(JOB);
    expect(p.send).not.toHaveBeenCalled();
    const [name, text] = p.saveFile.mock.calls[0]!;
    expect(name).toBe('leadforge-ctos-in-france-2026-01-15.csv');
    expect(
      text
        .split('\r\n')
        .slice(1, 3)
        .map((l: string) => l.split(',')[0]),
    ).toEqual(['Ann', 'Bob']);
  });

  it('fetches the records into the cache once when they are not there yet', async () => {
    const cache = new Map<string, RecordsRow>();
    const p = ports(cache, (m) => {
      if (m.type === 'cache-records') cache.set('e1', RECORDS);
      return { ok: true };
    });
    await createJobsStore(p).getState().download(JOB);
    expect(p.send).toHaveBeenCalledWith({ type: 'cache-records', extractionId: 'e1' });
    expect(p.saveFile).toHaveBeenCalledTimes(1);
  });

  it('shows why a download failed, on that job', async () => {
    const refusal: ErrorReply = {
      ok: false,
      error: { type: 'unreachable', message: 'The service does not answer.', next: 'Start it.' },
    };
    const store = createJobsStore(ports(new Map(), () => refusal));
    await store.getState().download(JOB);
    expect(store.getState()).toMatchObject({
      downloading: null,
      downloadNotice: { jobId: JOB.id, notice: { message: 'The service does not answer.', next: 'Start it.' } },
    });
  });

  it('offers a download only for finished extractions with records', () => {
    expect(canDownload(JOB)).toBe(true);
    expect(canDownload({ ...JOB, state: 'failed', produced: 3 })).toBe(true);
    expect(canDownload({ ...JOB, state: 'running', produced: null })).toBe(false);
    expect(canDownload({ ...JOB, state: 'done', produced: 0 })).toBe(false);
    expect(canDownload({ ...JOB, source: 'email_finder' })).toBe(false);
  });

  it('polls only while a job is active', async () => {
    const p = ports(new Map(), () => ({ ok: true, jobs: [{ ...JOB, state: 'running' }], problem: null }));
    const store = createJobsStore(p);
    await store.getState().tick();
    expect(p.send).not.toHaveBeenCalled();
    store.setState({ jobs: [{ ...JOB, state: 'running' }] });
    await store.getState().tick();
    expect(p.send).toHaveBeenCalledWith({ type: 'refresh-jobs' });
  });
});
