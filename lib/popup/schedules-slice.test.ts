import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReply, Message } from '../messages.ts';
import type { ScheduleView } from '../recurring/schedule-view.ts';
import { createJobsStore, type JobsPorts, SCHEDULES_POLL_MS } from './jobs-store.ts';

const SCHEDULE: ScheduleView = {
  id: '0190b2c4-1234-7abc-8def-0123456789ab',
  name: 'CTOs',
  frequency: 'weekly',
  paused: false,
  sourceUrl: 'https://www.linkedin.com/sales/search/people?savedSearchId=1234',
  templateExtractionId: 'e1',
  nextRunAt: Date.UTC(2026, 0, 22, 9),
  lastRunAt: null,
  skipped: null,
  createdAt: Date.UTC(2026, 0, 15, 9),
  runIds: [],
};

function ports(answer: (m: Message) => unknown) {
  const fake = {
    readJobs: vi.fn(async () => []),
    readSchedules: vi.fn(async () => [SCHEDULE]),
    readRecords: vi.fn(async () => null),
    send: vi.fn(async (m: Message) => answer(m)),
    saveFile: vi.fn(),
  };
  return fake as typeof fake & JobsPorts;
}

const listReply = (schedules: ScheduleView[], problem: unknown = null) => ({ ok: true, schedules, problem });

afterEach(() => {
  vi.useRealTimers();
});

describe('the popup’s schedules', () => {
  it('open with the cached list, then the background’s', async () => {
    const renamed = { ...SCHEDULE, name: 'Renamed elsewhere' };
    let answer: (reply: unknown) => void = () => {};
    const p = ports(() => new Promise((resolve) => (answer = resolve)));
    const store = createJobsStore(p);
    const opening = store.getState().open();
    await vi.waitFor(() => expect(p.send).toHaveBeenCalled());
    expect(store.getState().schedules).toEqual([SCHEDULE]);
    answer({ ok: true, jobs: [], schedules: [renamed], problem: null });
    await opening;
    expect(store.getState().schedules).toEqual([renamed]);
  });

  it('pause and resume through the background, and show its list', async () => {
    const p = ports((m) =>
      listReply([{ ...SCHEDULE, paused: m.type === 'update-schedule' && 'paused' in m.change && m.change.paused }]),
    );
    const store = createJobsStore(p);
    await store.getState().setPaused(SCHEDULE.id, true);
    expect(p.send).toHaveBeenCalledWith({ type: 'update-schedule', scheduleId: SCHEDULE.id, change: { paused: true } });
    expect(store.getState()).toMatchObject({ schedules: [{ paused: true }], scheduleBusy: null, scheduleNotice: null });
    await store.getState().setPaused(SCHEDULE.id, false);
    expect(store.getState().schedules[0]?.paused).toBe(false);
  });

  it('rename with the name trimmed, and refuse an empty one without asking', async () => {
    const p = ports(() => listReply([{ ...SCHEDULE, name: 'Weekly CTOs' }]));
    const store = createJobsStore(p);
    await expect(store.getState().rename(SCHEDULE.id, '   ')).resolves.toBe(false);
    expect(p.send).not.toHaveBeenCalled();
    expect(store.getState().scheduleNotice).toMatchObject({ scheduleId: SCHEDULE.id });
    await expect(store.getState().rename(SCHEDULE.id, ' Weekly CTOs ')).resolves.toBe(true);
    expect(p.send).toHaveBeenCalledWith({
      type: 'update-schedule',
      scheduleId: SCHEDULE.id,
      change: { name: 'Weekly CTOs' },
    });
    expect(store.getState()).toMatchObject({ schedules: [{ name: 'Weekly CTOs' }], scheduleNotice: null });
  });

  it('change how often one runs, and show the next run the background answers with', async () => {
    // The service counts the next run from the change: a month on, not the week the list had.
    const moved = { ...SCHEDULE, frequency: 'monthly' as const, nextRunAt: Date.UTC(2026, 1, 15, 9) };
    const p = ports(() => listReply([moved]));
    const store = createJobsStore(p);
    store.setState({ schedules: [SCHEDULE] });
    const changing = store.getState().setFrequency(SCHEDULE.id, 'monthly');
    expect(store.getState().scheduleBusy).toBe(SCHEDULE.id);
    await changing;
    expect(p.send).toHaveBeenCalledWith({
      type: 'update-schedule',
      scheduleId: SCHEDULE.id,
      change: { frequency: 'monthly' },
    });
    expect(store.getState()).toMatchObject({
      schedules: [{ frequency: 'monthly', nextRunAt: Date.UTC(2026, 1, 15, 9) }],
      scheduleBusy: null,
      scheduleNotice: null,
    });
  });

  it('keep the frequency and say what to do when the change fails', async () => {
    const problem = {
      kind: 'ValidationError',
      message: 'The service refused the change: frequency: Invalid option.',
      next: 'Close the popup and open it again, then choose how often again.',
    };
    const store = createJobsStore(ports(() => listReply([SCHEDULE], problem)));
    store.setState({ schedules: [SCHEDULE] });
    await store.getState().setFrequency(SCHEDULE.id, 'daily');
    expect(store.getState()).toMatchObject({
      schedules: [{ frequency: 'weekly', nextRunAt: SCHEDULE.nextRunAt }],
      scheduleBusy: null,
      scheduleNotice: { scheduleId: SCHEDULE.id, notice: { message: problem.message, next: problem.next } },
    });
  });

  it('stop, and the schedule leaves the list', async () => {
    const p = ports(() => listReply([]));
    const store = createJobsStore(p);
    store.setState({ schedules: [SCHEDULE] });
    await store.getState().stop(SCHEDULE.id);
    expect(p.send).toHaveBeenCalledWith({ type: 'stop-schedule', scheduleId: SCHEDULE.id });
    expect(store.getState().schedules).toEqual([]);
  });

  it('show why a change did not happen, on that schedule, and keep the list', async () => {
    const problem = { kind: 'unreachable', message: 'The service does not answer.', next: 'Start it.' };
    const store = createJobsStore(ports(() => listReply([SCHEDULE], problem)));
    await expect(store.getState().rename(SCHEDULE.id, 'New')).resolves.toBe(false);
    expect(store.getState()).toMatchObject({
      schedules: [SCHEDULE],
      scheduleNotice: {
        scheduleId: SCHEDULE.id,
        notice: { message: 'The service does not answer.', next: 'Start it.' },
      },
    });
  });

  it('say what to do when the background refuses', async () => {
    const refusal: ErrorReply = {
      ok: false,
      error: { type: 'internal_error', message: 'The background did not answer.' },
    };
    const store = createJobsStore(ports(() => refusal));
    await store.getState().stop(SCHEDULE.id);
    expect(store.getState().scheduleNotice?.notice).toEqual({
      message: 'The background did not answer.',
      next: 'Close the popup and open it again.',
    });
  });

  it('are polled now and then while one is active, since a run may start any time', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 9) });
    const p = ports(() => ({ ok: true, jobs: [], schedules: [SCHEDULE], problem: null }));
    const store = createJobsStore(p);
    await store.getState().refresh();
    await store.getState().tick();
    expect(p.send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SCHEDULES_POLL_MS);
    await store.getState().tick();
    expect(p.send).toHaveBeenCalledTimes(2);

    // Paused: no run can start, nothing to poll for.
    store.setState({ schedules: [{ ...SCHEDULE, paused: true }] });
    vi.advanceTimersByTime(SCHEDULES_POLL_MS);
    const paused = { ok: true, jobs: [], schedules: [{ ...SCHEDULE, paused: true }], problem: null };
    p.send.mockImplementation(async () => paused);
    await store.getState().tick();
    expect(p.send).toHaveBeenCalledTimes(2);
  });
});
