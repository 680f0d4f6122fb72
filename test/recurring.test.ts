/**
 * Recurring exports in the background, on fakes (fake-indexeddb, a fake clock, the in-memory
 * service): an extraction started with a repeat is scheduled after it is made; a schedule that
 * fails leaves the extraction standing and says what to do, and the same request again schedules
 * it without a second extraction; the schedules are refreshed with the jobs, and each run joins
 * the jobs to be followed, announced and downloaded like any extraction; pause, resume, rename,
 * a new frequency and stop go to the service and come back as the new list.
 */
import { describe, expect, it } from 'vitest';
import { readRecords } from '../lib/db/jobs-store.ts';
import { readScheduleRows, readSchedules } from '../lib/db/schedules-store.ts';
import { JOBS_ALARM } from '../lib/jobs/job-sync.ts';
import { RUNS_FOLLOWED } from '../lib/jobs/schedule-runs.ts';
import { SCHEDULES_ALARM } from '../lib/recurring/schedule-sync.ts';
import { type BackgroundHarness, backgroundHarness } from './support/background-harness.ts';
import { leadRecord } from './support/fake-extractions.ts';
import { apiError } from './support/fake-fetch.ts';

const SEARCH = 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)&sessionId=abc123';
const LIST = 'https://www.linkedin.com/sales/lists/people/7012345';
const ID = '7a1c6c3e-8a4b-4c5d-9e6f-0a1b2c3d4e5f';
const WEEK = 7 * 86_400_000;

async function configured() {
  const h = backgroundHarness();
  await h.configure();
  return h;
}

const calls = (h: BackgroundHarness) =>
  h.service.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${new URL(r.url).pathname.replace(/[0-9a-f-]{36}/, '{id}')}`);

/** The extractions this browser asked for: not the schedules' templates, not their runs. */
const madeByPost = (h: BackgroundHarness) => h.service.requests.filter((r) => r.url.endsWith('/extractions/url/'));

/** An extraction of SEARCH started with "Repeat weekly", and its schedule (with its template extraction). */
async function scheduled() {
  const h = await configured();
  const reply = await h.services.startExtraction({
    requestId: ID,
    pageUrl: SEARCH,
    name: 'CTOs',
    enrich: 'none',
    repeat: 'weekly',
  });
  const schedule = h.service.recurring.schedules[0]!;
  const extractionId = h.service.extractions.extractions.find((e) => e.status !== 'SCHEDULED')!.id;
  return { h, reply, schedule, extractionId, templateId: schedule.templateId };
}

describe('repeating an extraction started from a search page', () => {
  it('makes the extraction, then schedules it by its id, and answers with both', async () => {
    const { h, reply, schedule, extractionId, templateId } = await scheduled();
    expect(calls(h)).toEqual(['POST /v1/extractions/url/', 'POST /v1/extractions/recurring/']);
    expect(h.service.requests.find((r) => r.url.endsWith('/recurring/'))?.body).toEqual({
      extraction_id: extractionId,
      frequency: 'weekly',
    });
    const nextRunAt = h.clock.now() + WEEK;
    expect(reply).toMatchObject({
      ok: true,
      job: { remoteId: extractionId, name: 'CTOs', state: 'queued' },
      repeat: {
        ok: true,
        created: true,
        schedule: {
          id: schedule.id,
          name: 'CTOs',
          frequency: 'weekly',
          paused: false,
          templateExtractionId: templateId,
          nextRunAt,
          runIds: [],
        },
      },
    });
    // Kept for the popup, which opens with it before asking; an alarm looks for the run after its time.
    await expect(readSchedules(h.db)).resolves.toMatchObject([{ id: schedule.id, nextRunAt }]);
    expect(h.alarms.get(SCHEDULES_ALARM)).toBe(nextRunAt + 60_000);
  });

  it('says when the search was scheduled already: the service updated that schedule', async () => {
    const { h } = await scheduled();
    const again = await h.services.startExtraction({
      requestId: '0190c9e2-7a5b-7c3d-8e9f-0a1b2c3d4e5f',
      pageUrl: SEARCH,
      name: 'CTOs',
      enrich: 'none',
      repeat: 'daily',
    });
    expect(again).toMatchObject({ ok: true, repeat: { ok: true, created: false, schedule: { frequency: 'daily' } } });
    expect(h.service.recurring.schedules).toHaveLength(1);
  });

  it('keeps the extraction when the schedule is refused, says to reconnect the seat, and retries only the schedule', async () => {
    const h = await configured();
    h.service.recurring.refuse(apiError(409, 'NoUsableSeat', 'No usable seat.'));
    const request = {
      requestId: ID,
      pageUrl: SEARCH,
      name: 'CTOs',
      enrich: 'none' as const,
      repeat: 'weekly' as const,
    };
    const first = await h.services.startExtraction(request);
    expect(first).toMatchObject({
      ok: true,
      job: { name: 'CTOs', state: 'queued' },
      repeat: {
        ok: false,
        problem: {
          kind: 'NoUsableSeat',
          message: 'No connected Sales Navigator seat can run this schedule.',
          next: expect.stringContaining('press Reconnect in the Leadforge popup, then press Schedule again'),
        },
      },
    });
    expect(madeByPost(h)).toHaveLength(1);
    await expect(readSchedules(h.db)).resolves.toEqual([]);

    // The control sends the same request again: the extraction is not made twice, the schedule is.
    const second = await h.services.startExtraction(request);
    expect(second).toMatchObject({ ok: true, repeat: { ok: true, created: true } });
    expect(madeByPost(h)).toHaveLength(1);
    expect(calls(h)).toEqual([
      'POST /v1/extractions/url/',
      'POST /v1/extractions/recurring/',
      'POST /v1/extractions/recurring/',
    ]);
  });

  it('gives the service’s reason when it cannot repeat the search', async () => {
    const h = await configured();
    h.service.recurring.refuse(apiError(422, 'ValidationError', 'url: the search is filtered on a temporary list.'));
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, enrich: 'none', repeat: 'daily' });
    expect(reply).toMatchObject({
      ok: true,
      repeat: {
        ok: false,
        problem: { message: 'The service cannot repeat this search: url: the search is filtered on a temporary list.' },
      },
    });
  });

  it('refuses a repeat of a list before making anything: only searches repeat', async () => {
    const h = await configured();
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: LIST, enrich: 'none', repeat: 'weekly' });
    expect(reply).toMatchObject({ ok: false, error: { type: 'not_extractable', next: expect.any(String) } });
    expect(calls(h)).toEqual([]);
  });

  it('does not ask for a schedule when none was chosen', async () => {
    const h = await configured();
    const reply = await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, enrich: 'none' });
    expect(reply).not.toHaveProperty('repeat');
    expect(calls(h)).toEqual(['POST /v1/extractions/url/']);
  });
});

describe('the runs of a schedule', () => {
  it('are refreshed with the jobs: a new run joins them as the schedule’s, is followed, announced and cached', async () => {
    const { h, schedule, extractionId } = await scheduled();
    h.service.extractions.advance(extractionId, { status: 'EXECUTED', progress: 100, prospects: [leadRecord(1)] });
    await h.services.refreshJobs();

    h.clock.advance(WEEK);
    const run = h.service.recurring.run(schedule.id);
    h.service.extractions.advance(run.id, { status: 'EXECUTING', progress: 30 });
    const before = h.service.requests.length;
    const refreshed = await h.services.refreshJobs();
    // Listed with the newest extractions: its progress is read once, as any running extraction's.
    const runReads = h.service.requests.slice(before).filter((r) => r.url.includes(`/${run.id}/`));
    expect(runReads).toHaveLength(1);
    expect(refreshed).toMatchObject({
      problem: null,
      schedules: [{ id: schedule.id, runIds: [run.id], lastRunAt: h.clock.now(), nextRunAt: h.clock.now() + WEEK }],
    });
    expect(refreshed.jobs[0]).toMatchObject({ remoteId: run.id, name: 'CTOs', what: 'Weekly run', state: 'running' });
    expect(h.repeating.get(JOBS_ALARM)).toBe(0.5);

    const records = [leadRecord(7), leadRecord(8)];
    h.service.extractions.advance(run.id, { status: 'EXECUTED', progress: 100, prospects: records });
    const done = await h.services.refreshJobs();
    expect(done.jobs[0]).toMatchObject({ remoteId: run.id, what: 'Weekly run', state: 'done', produced: 2, cached: 2 });
    expect(h.notifications.map((n) => n.title)).toContain('Leadforge: CTOs is ready');
    await expect(readRecords(h.db, run.id)).resolves.toMatchObject({ prospects: records, kindHint: 'lead' });
    expect(h.repeating.has(JOBS_ALARM)).toBe(false);
  });

  it('fetches a run by its id when the extraction list no longer shows it, once', async () => {
    const { h, schedule } = await scheduled();
    const run = h.service.recurring.run(schedule.id);
    h.service.extractions.advance(run.id, { status: 'EXECUTED', progress: 100, prospects: [leadRecord(1)] });
    // 25 newer extractions push the run off the list's first page.
    for (let i = 0; i < 25; i++) h.service.extractions.add(`Other ${i}`, {});
    const detailsOfRun = () =>
      h.service.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname.endsWith(`/${run.id}/`)).length;

    const reply = await h.services.refreshJobs();
    expect(reply.jobs.find((j) => j.remoteId === run.id)).toMatchObject({
      what: 'Weekly run',
      state: 'done',
      cached: 1,
    });
    const after = detailsOfRun();
    // Settled and cached: nothing more to ask about it.
    await h.services.refreshJobs();
    expect(detailsOfRun()).toBe(after);
    await expect(readScheduleRows(h.db)).resolves.toMatchObject([{ adoptedRunIds: [run.id] }]);
  });

  it('does not add back a run the jobs table dropped, and follows only each schedule’s newest runs', async () => {
    const { h, schedule } = await scheduled();
    const runs = Array.from({ length: RUNS_FOLLOWED + 2 }, () => {
      const run = h.service.recurring.run(schedule.id);
      h.service.extractions.advance(run.id, { status: 'EXECUTED', progress: 100 });
      return run;
    });
    for (let i = 0; i < 25; i++) h.service.extractions.add(`Other ${i}`, {});
    await h.services.refreshJobs();
    const ids = (await h.db.jobs.toArray()).map((row) => row.remoteId);
    const newest = runs.slice(-RUNS_FOLLOWED).map((run) => run.id);
    expect(ids).toEqual(expect.arrayContaining(newest));
    expect(ids).not.toContain(runs[0]!.id);

    // The table dropped one (it keeps the newest 50): it stays dropped.
    await h.db.jobs.delete(`extraction:${newest[0]}`);
    await h.services.refreshJobs();
    await expect(h.db.jobs.get(`extraction:${newest[0]}`)).resolves.toBeUndefined();
  });

  it('keeps the jobs refresh working with a service that has no schedules yet', async () => {
    const h = await configured();
    h.service.recurring.control.available = false;
    await h.services.startExtraction({ requestId: ID, pageUrl: SEARCH, name: 'CTOs', enrich: 'none' });
    await expect(h.services.refreshJobs()).resolves.toMatchObject({
      problem: null,
      schedules: [],
      jobs: [{ name: 'CTOs' }],
    });
  });

  it('know when the service skipped a run, and why', async () => {
    const { h, schedule } = await scheduled();
    h.clock.advance(WEEK);
    h.service.recurring.skip(schedule.id, 'no_usable_seat');
    const reply = await h.services.refreshJobs();
    expect(reply.schedules[0]).toMatchObject({ skipped: { at: h.clock.now(), reason: 'no_usable_seat' } });
    expect(reply.schedules[0]?.lastRunAt).toBeNull();
  });

  it('drops a schedule stopped elsewhere at the next refresh, and its alarm with it', async () => {
    const { h, schedule } = await scheduled();
    h.service.recurring.stopElsewhere(schedule.id);
    await expect(h.services.refreshJobs()).resolves.toMatchObject({ schedules: [] });
    expect(h.alarms.has(SCHEDULES_ALARM)).toBe(false);
  });

  it('looks again a while later, not at once, when a run is overdue', async () => {
    const { h } = await scheduled();
    h.clock.advance(WEEK + 3_600_000);
    await h.services.refreshJobs();
    expect(h.alarms.get(SCHEDULES_ALARM)).toBe(h.clock.now() + 15 * 60_000);
  });
});

describe('a schedule’s template extraction', () => {
  it('is never a job: not listed, not polled, not announced, even once stopped', async () => {
    const { h, schedule, extractionId, templateId } = await scheduled();
    h.service.extractions.advance(extractionId, { status: 'EXECUTED', progress: 100 });
    const listed = await h.services.refreshJobs();
    expect(listed.jobs.map((j) => j.remoteId)).toEqual([extractionId]);
    await expect(h.db.jobs.get(`extraction:${templateId}`)).resolves.toMatchObject({ template: true });
    // Waiting in SCHEDULED for as long as the schedule lives is no reason to poll every 30 s.
    expect(h.repeating.has(JOBS_ALARM)).toBe(false);
    const templateDetails = () => h.service.requests.filter((r) => r.url.includes(`/${templateId}/`)).length;
    expect(templateDetails()).toBe(0);

    // Stopped: the service fails the template; the popup shows no failed job, and nobody is told.
    await h.services.stopSchedule(schedule.id);
    const after = await h.services.refreshJobs();
    expect(after.jobs.map((j) => j.remoteId)).toEqual([extractionId]);
    expect(h.notifications.filter((n) => n.id.includes(templateId))).toEqual([]);
  });

  it('is known as one when the list shows it before this browser scheduled anything (another browser did)', async () => {
    const { h, templateId } = await scheduled();
    await h.db.jobs.clear();
    await h.db.schedules.clear();
    const listed = await h.services.refreshJobs();
    expect(listed.jobs.map((j) => j.remoteId)).not.toContain(templateId);
  });
});

describe('managing a schedule from the popup', () => {
  it('pauses and resumes it, and the alarm follows', async () => {
    const { h, schedule } = await scheduled();
    const paused = await h.services.updateSchedule(schedule.id, { paused: true });
    expect(paused).toEqual({
      ok: true,
      problem: null,
      schedules: [expect.objectContaining({ id: schedule.id, paused: true })],
    });
    expect(h.service.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { paused: true } });
    expect(h.alarms.has(SCHEDULES_ALARM)).toBe(false);

    const resumed = await h.services.updateSchedule(schedule.id, { paused: false });
    expect(resumed.schedules[0]).toMatchObject({ paused: false });
    expect(h.alarms.has(SCHEDULES_ALARM)).toBe(true);
  });

  it('renames it', async () => {
    const { h, schedule } = await scheduled();
    const renamed = await h.services.updateSchedule(schedule.id, { name: 'Weekly CTOs' });
    expect(renamed.schedules[0]).toMatchObject({ name: 'Weekly CTOs' });
    expect(h.service.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { name: 'Weekly CTOs' } });
  });

  it('changes how often it runs: the next run is one new interval after the change, and the alarm follows', async () => {
    const { h, schedule } = await scheduled();
    // Three days into the week: the new cadence counts from now, not from the schedule's start.
    h.clock.advance(3 * 86_400_000);
    const monthly = await h.services.updateSchedule(schedule.id, { frequency: 'monthly' });
    const nextRunAt = h.clock.now() + 30 * 86_400_000;
    expect(h.service.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: expect.stringMatching(new RegExp(`/v1/extractions/recurring/${schedule.id}/$`)),
      body: { frequency: 'monthly' },
    });
    expect(monthly).toEqual({
      ok: true,
      problem: null,
      schedules: [expect.objectContaining({ id: schedule.id, frequency: 'monthly', nextRunAt })],
    });
    await expect(readSchedules(h.db)).resolves.toMatchObject([{ frequency: 'monthly', nextRunAt }]);
    expect(h.alarms.get(SCHEDULES_ALARM)).toBe(nextRunAt + 60_000);

    const weekly = await h.services.updateSchedule(schedule.id, { frequency: 'weekly' });
    expect(weekly.schedules[0]).toMatchObject({ frequency: 'weekly', nextRunAt: h.clock.now() + WEEK });
  });

  it('keeps the frequency and says what to do when the service refuses a new one', async () => {
    const { h, schedule } = await scheduled();
    h.service.recurring.refuse(apiError(422, 'ValidationError', 'frequency: Invalid option.'));
    const reply = await h.services.updateSchedule(schedule.id, { frequency: 'daily' });
    expect(reply).toEqual({
      ok: true,
      schedules: [expect.objectContaining({ id: schedule.id, frequency: 'weekly', nextRunAt: schedule.nextRunAt })],
      problem: expect.objectContaining({
        kind: 'ValidationError',
        message: 'The service refused the change: frequency: Invalid option.',
        next: 'Close the popup and open it again, then choose how often again.',
      }),
    });
  });

  it('stops it for good: gone from the service, the list and the alarms', async () => {
    const { h, schedule } = await scheduled();
    const stopped = await h.services.stopSchedule(schedule.id);
    expect(stopped).toEqual({ ok: true, problem: null, schedules: [] });
    expect(h.service.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(h.service.recurring.schedules[0]?.stopped).toBe(true);
    expect(h.alarms.has(SCHEDULES_ALARM)).toBe(false);
    // Stopping again (an answer lost on the way back) finds it gone: stopped all the same.
    await expect(h.services.stopSchedule(schedule.id)).resolves.toEqual({ ok: true, problem: null, schedules: [] });
  });

  it('says a schedule stopped elsewhere is gone, and drops it, when a change finds out', async () => {
    const { h, schedule } = await scheduled();
    h.service.recurring.stopElsewhere(schedule.id);
    await expect(h.services.updateSchedule(schedule.id, { paused: true })).resolves.toEqual({
      ok: true,
      schedules: [],
      problem: expect.objectContaining({
        kind: 'NotFound',
        message: 'This schedule no longer exists: it was stopped elsewhere.',
      }),
    });
  });

  it('keeps the list and says why when the service does not answer', async () => {
    const { h, schedule } = await scheduled();
    h.service.setDown(true);
    const reply = await h.services.updateSchedule(schedule.id, { paused: true });
    expect(reply).toMatchObject({
      ok: true,
      schedules: [{ id: schedule.id, paused: false }],
      problem: { kind: 'unreachable' },
    });
  });
});
