/**
 * The recurring export endpoints of the in-memory service, as lib/contract/recurring.ts shapes
 * them and api.md and decisions.md describe them: one schedule per search (a second create
 * updates it and answers created: false); a template extraction per schedule, in SCHEDULED while
 * it lives and FAILED once stopped, renamed with it; a new frequency counts the next run from now;
 * paused ones listed, stopped ones gone (404).
 * Tests make a schedule run with `run`, which adds a running extraction copied from the template
 * as the service's scheduler would, and script failures with `refuse`. `available: false` is a
 * service older than the endpoints (404).
 */
import { RecurringExportCreateInSchema, RecurringExportUpdateInSchema } from '../../lib/contract/recurring.ts';
import { formatExtractionTime } from '../../lib/contract/time.ts';
import type { RepeatFrequency } from '../../lib/recurring/schedule-view.ts';
import type { fakeExtractions } from './fake-extractions.ts';
import { apiError, json, type RecordedRequest } from './fake-fetch.ts';

const DAY = 86_400_000;
const INTERVAL: Record<RepeatFrequency, number> = { daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY };

export interface FakeSchedule {
  id: string;
  name: string;
  frequency: RepeatFrequency;
  paused: boolean;
  stopped: boolean;
  sourceUrl: string;
  templateId: string;
  nextRunAt: number;
  lastRunAt: number | null;
  skipped: { at: number; reason: 'insufficient_credits' | 'no_usable_seat' } | null;
  createdAt: number;
  runIds: string[];
}

export function fakeRecurring(now: () => number, extractions: ReturnType<typeof fakeExtractions>) {
  const schedules: FakeSchedule[] = [];
  const control = { available: true };
  let refusal: Response | null = null;
  let counter = 0;

  const out = (s: FakeSchedule) => ({
    schedule_id: s.id,
    name: s.name,
    frequency: s.frequency,
    paused: s.paused,
    source_url: s.sourceUrl,
    template_extraction_id: s.templateId,
    next_run_at: formatExtractionTime(new Date(s.nextRunAt)),
    last_run_at: s.lastRunAt === null ? null : formatExtractionTime(new Date(s.lastRunAt)),
    last_skipped_at: s.skipped && formatExtractionTime(new Date(s.skipped.at)),
    last_skip_reason: s.skipped?.reason ?? null,
    created_at: formatExtractionTime(new Date(s.createdAt)),
    run_ids: [...s.runIds],
  });
  const live = (id: string) => schedules.find((s) => s.id === id && !s.stopped);
  const invalid = (message: string) => apiError(422, 'ValidationError', message);

  const create = (body: unknown): Response => {
    const parsed = RecurringExportCreateInSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error.message);
    const source = extractions.extractions.find((e) => e.id === parsed.data.extraction_id);
    if (!source) return apiError(404, 'NotFound', 'No such extraction.');
    const sourceUrl = (source.body as { linkedin_url: string }).linkedin_url;
    const frequency = parsed.data.frequency;
    const existing = schedules.find((s) => s.sourceUrl === sourceUrl && !s.stopped);
    if (existing) {
      Object.assign(existing, { frequency, nextRunAt: now() + INTERVAL[frequency] });
      return json(200, { ...out(existing), created: false });
    }
    counter++;
    const template = extractions.add(source.name, source.body);
    extractions.advance(template.id, { status: 'SCHEDULED' });
    const schedule: FakeSchedule = {
      id: `0190b2c4-0000-7abc-8def-${String(counter).padStart(12, '0')}`,
      name: source.name,
      frequency,
      paused: false,
      stopped: false,
      sourceUrl,
      templateId: template.id,
      nextRunAt: now() + INTERVAL[frequency],
      lastRunAt: null,
      skipped: null,
      createdAt: now(),
      runIds: [],
    };
    schedules.push(schedule);
    return json(200, { ...out(schedule), created: true });
  };

  const stop = (schedule: FakeSchedule) => {
    schedule.stopped = true;
    extractions.advance(schedule.templateId, { status: 'FAILED' });
  };

  /** Answers a request under /v1/extractions/recurring/, or null when the path is not one of these. */
  function handle(request: RecordedRequest, url: URL): Response | null {
    const path = url.pathname;
    if (!path.startsWith('/v1/extractions/recurring/') || !control.available) return null;
    if (refusal) {
      const refused = refusal;
      refusal = null;
      return refused;
    }
    if (path === '/v1/extractions/recurring/') {
      if (request.method === 'POST') return create(request.body);
      if (request.method === 'GET') {
        const listed = schedules.filter((s) => !s.stopped).sort((a, b) => a.nextRunAt - b.nextRunAt);
        return json(200, listed.map(out));
      }
      return apiError(405, 'MethodNotAllowed');
    }
    const id = decodeURIComponent(/^\/v1\/extractions\/recurring\/([^/]+)\/$/.exec(path)?.[1] ?? '');
    const schedule = live(id);
    if (!schedule) return apiError(404, 'NotFound', 'No such schedule.');
    if (request.method === 'GET') return json(200, out(schedule));
    if (request.method === 'DELETE') {
      stop(schedule);
      return json(200, { success: true, schedule_id: schedule.id, stopped: true });
    }
    if (request.method === 'PATCH') {
      const change = RecurringExportUpdateInSchema.safeParse(request.body);
      if (!change.success) return invalid(change.error.message);
      const { frequency, ...rest } = change.data;
      Object.assign(schedule, rest);
      // As the service: a new cadence starts from now, one new interval on (the same one changes nothing).
      if (frequency && frequency !== schedule.frequency) {
        Object.assign(schedule, { frequency, nextRunAt: now() + INTERVAL[frequency] });
      }
      const template = extractions.extractions.find((e) => e.id === schedule.templateId);
      if (template && change.data.name) template.name = change.data.name;
      return json(200, out(schedule));
    }
    return apiError(405, 'MethodNotAllowed');
  }

  return {
    handle,
    schedules,
    control,
    /** The next recurring request is answered with this error. */
    refuse(response: Response) {
      refusal = response;
    },
    /** The schedule's time came: a run starts (a running extraction) and the next run moves one interval on. */
    run(scheduleId: string) {
      const schedule = live(scheduleId);
      if (!schedule) throw new Error(`no live schedule ${scheduleId}`);
      const template = extractions.extractions.find((e) => e.id === schedule.templateId);
      const run = extractions.add(template?.name ?? schedule.name, template?.body ?? {});
      schedule.runIds.unshift(run.id);
      schedule.lastRunAt = now();
      schedule.nextRunAt += INTERVAL[schedule.frequency];
      return run;
    },
    /** The schedule's time came and the run was not made: no seat, or no credits. */
    skip(scheduleId: string, reason: 'insufficient_credits' | 'no_usable_seat') {
      const schedule = live(scheduleId);
      if (!schedule) throw new Error(`no live schedule ${scheduleId}`);
      schedule.skipped = { at: now(), reason };
      schedule.nextRunAt += INTERVAL[schedule.frequency];
    },
    /** Stopped by someone else (the CLI, another browser). */
    stopElsewhere(scheduleId: string) {
      const schedule = live(scheduleId);
      if (schedule) stop(schedule);
    },
  };
}
