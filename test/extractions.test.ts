/**
 * The background's extraction use cases on fakes (fake-indexeddb, a fake clock, the in-memory
 * service): starting from a page, idempotently; following the job to its end with one
 * notification in plain words; caching the records and building the CSV from the cache.
 */
import { describe, expect, it } from 'vitest';
import { readRecords } from '../lib/db/jobs-store.ts';
import { extractionCsv } from '../lib/export/csv-file.ts';
import { JOBS_ALARM } from '../lib/jobs/job-sync.ts';
import { LEAD_COLUMN_NAMES } from '../lib/records/records.ts';
import { backgroundHarness } from './support/background-harness.ts';
import { leadRecord } from './support/fake-extractions.ts';
import { apiError } from './support/fake-fetch.ts';

const SEARCH = 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)&sessionId=abc123';
const LEAD = 'https://www.linkedin.com/sales/lead/ACwAAB1234,NAME_SEARCH,xY9z';
const ID = '7a1c6c3e-8a4b-4c5d-9e6f-0a1b2c3d4e5f';

async function configured() {
  const h = backgroundHarness();
  await h.configure();
  return h;
}

const posts = (h: ReturnType<typeof backgroundHarness>) =>
  h.service.requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);

describe('starting an extraction from a page', () => {
  it('sends the canonical search URL with the name and email choice, and polls while it runs', async () => {
    const h = await configured();
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, name: ' CTOs ', enrich: 'all' });
    expect(reply).toMatchObject({
      ok: true,
      prospect: null,
      job: { name: 'CTOs', state: 'queued', what: 'Lead search' },
    });
    const post = h.service.requests.find((r) => r.method === 'POST');
    // Canonical: the UI's sessionId dropped (it breaks a replay), the query in its full form.
    expect(post?.body).toEqual({
      linkedin_url: 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acto%2Cfilters%3AList())',
      search_name: 'CTOs',
      enrich_email: 'all',
    });
    expect(post?.headers['idempotency-key']).toBe(ID);
    expect(h.repeating.get(JOBS_ALARM)).toBe(0.5);
  });

  it('makes one extraction for one request id, even when the answer was lost on the way back', async () => {
    const h = await configured();
    h.service.extractions.loseNextAnswer();
    const first = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, name: 'CTOs', enrich: 'none' });
    const again = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, name: 'CTOs', enrich: 'none' });
    expect(first).toMatchObject({ ok: true });
    expect(again).toMatchObject({ ok: true });
    expect(h.service.extractions.extractions).toHaveLength(1);
    expect(posts(h)).toEqual(['/v1/extractions/url/']);
  });

  it('answers a lead page with its record at once, cached for download', async () => {
    const h = await configured();
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: LEAD, name: 'Lead 1', enrich: 'all' });
    expect(reply).toMatchObject({ ok: true, job: { state: 'done', cached: 1 }, prospect: leadRecord(1) });
    const id = h.service.extractions.extractions[0]!.id;
    await expect(readRecords(h.db, id)).resolves.toMatchObject({ prospects: [leadRecord(1)] });
  });

  it('refuses a page it cannot extract without asking the service', async () => {
    const h = await configured();
    const reply = await h.services.startExtraction({
      requestId: ID,
      pageUrl: 'https://www.linkedin.com/sales/inbox',
      enrich: 'none',
    });
    expect(reply).toMatchObject({ ok: false, error: { type: 'not_extractable', next: expect.any(String) } });
    expect(posts(h)).toEqual([]);
  });

  it('says plainly when the account has no credits, and a new click may try again', async () => {
    const h = await configured();
    h.service.extractions.refuse(apiError(402, 'InsufficientCredits', 'No credits.'));
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, enrich: 'none' });
    expect(reply).toMatchObject({
      ok: false,
      error: { type: 'InsufficientCredits', message: 'Your account has run out of credits.' },
    });
    await expect(h.db.creations.count()).resolves.toBe(0);
  });

  it('gives the service’s reason when it refuses the page as unusable', async () => {
    const h = await configured();
    h.service.extractions.refuse(apiError(422, 'ValidationError', 'linkedin_url: the search has no results.'));
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, enrich: 'none' });
    expect(reply).toMatchObject({
      ok: false,
      error: { message: 'Leadforge cannot extract this page: linkedin_url: the search has no results.' },
    });
  });
});

describe('following an extraction', () => {
  async function started() {
    const h = await configured();
    await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, name: 'CTOs', enrich: 'none' });
    return { h, id: h.service.extractions.extractions[0]!.id };
  }

  it('shows progress, then caches the records once it is done, announces it once, and stops polling', async () => {
    const { h, id } = await started();
    h.service.extractions.advance(id, { status: 'EXECUTING', progress: 40 });
    await expect(h.services.refreshJobs()).resolves.toMatchObject({ jobs: [{ state: 'running', progress: 40 }] });

    const records = [leadRecord(1), leadRecord(2), leadRecord(3)];
    h.service.extractions.advance(id, { status: 'EXECUTED', progress: 100, prospects: records });
    const done = await h.services.refreshJobs();
    expect(done).toMatchObject({ jobs: [{ state: 'done', progress: 100, produced: 3, cached: 3, failure: null }] });
    expect(h.notifications).toEqual([
      {
        id: `extraction:${id}:done`,
        title: 'Leadforge: CTOs is ready',
        message: '3 records ready: open Leadforge to download the CSV.',
      },
    ]);
    expect(h.repeating.has(JOBS_ALARM)).toBe(false);

    await h.services.refreshJobs();
    expect(h.notifications).toHaveLength(1);

    // The CSV is built from the cache: the service's lead columns, one row per record, in order.
    const cached = await readRecords(h.db, id);
    const lines = extractionCsv(cached!.prospects, cached!.kindHint).split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${LEAD_COLUMN_NAMES.map((n) => (n.includes(',') ? `"${n}"` : n)).join(',')}`);
    expect(lines.filter((l) => l !== '')).toHaveLength(4);
  });

  it('tells why it stopped when the seat’s session expired, and keeps what was found for download', async () => {
    const { h, id } = await started();
    h.service.extractions.advance(id, { status: 'FAILED', failureReason: 'auth_error', prospects: [leadRecord(1)] });
    const reply = await h.services.refreshJobs();
    expect(reply).toMatchObject({
      jobs: [
        { state: 'failed', cached: 1, failure: { message: 'Stopped: the seat’s Sales Navigator session expired.' } },
      ],
    });
    expect(h.notifications[0]).toMatchObject({
      title: 'Leadforge: CTOs stopped',
      message: expect.stringContaining('Log in to Sales Navigator again and press Reconnect'),
    });
  });

  it('says when the daily quota stopped it', async () => {
    const { h, id } = await started();
    h.service.extractions.advance(id, { status: 'FAILED', failureReason: 'quota_exceeded' });
    await expect(h.services.refreshJobs()).resolves.toMatchObject({
      jobs: [{ state: 'failed', failure: { message: 'Stopped: the daily extraction limit was reached.' } }],
    });
    expect(h.notifications[0]?.message).toContain('start it again later, or connect another seat');
  });

  it('says it is paused for credits and keeps polling until it resumes', async () => {
    const { h, id } = await started();
    h.service.extractions.advance(id, { status: 'PAUSED', failureReason: 'insufficient_credits' });
    await expect(h.services.refreshJobs()).resolves.toMatchObject({
      jobs: [{ state: 'paused', failure: { message: 'Paused: your account has no credits left.' } }],
    });
    expect(h.notifications[0]?.message).toContain('It resumes by itself when credits are added');
    expect(h.repeating.get(JOBS_ALARM)).toBe(0.5);

    h.service.extractions.advance(id, { status: 'EXECUTING', failureReason: '', progress: 80 });
    await expect(h.services.refreshJobs()).resolves.toMatchObject({ jobs: [{ state: 'running', failure: null }] });
  });
});
