/**
 * Starting an extraction from a page, idempotently. The view generates a request id before it
 * sends; the background records the request under that id before calling the service and the
 * answer after. The same id again gets the recorded answer, or, when a previous worker (or a
 * network failure) never heard back, a look on the service for the extraction it may have made,
 * before anything is sent again. So a click makes at most one extraction.
 */
import type { ApiAccess, ApiClient } from '../api/client.ts';
import { describeFailure } from '../api/describe-failure.ts';
import type { ApiFailure } from '../api/failure.ts';
import { DEFAULT_RETRY, retryDelay } from '../api/retry.ts';
import type { Clock } from '../clock.ts';
import type { ExtractionCreateOut, ProspectRecord, SingleExtractionOut } from '../contract/extractions.ts';
import { readCreation, writeCreation } from '../db/creations-store.ts';
import type { LeadforgeDb } from '../db/database.ts';
import { type CreationRow, type JobRow, JobRowSchema } from '../db/job-rows.ts';
import { toView, writeJobRows } from '../db/jobs-store.ts';
import { cacheSingleRecord } from '../jobs/cache-records.ts';
import { EXTRACTION_STATE } from '../jobs/job-from-api.ts';
import { type JobView, jobKey } from '../jobs/job-view.ts';
import { type Problem, problem } from '../problem.ts';
import { findCreated } from './find-created.ts';
import { type ExtractRequest, planExtraction } from './plan.ts';

export interface StartDeps {
  db: LeadforgeDb;
  clock: Clock;
  random: () => number;
  openApi(): Promise<ApiAccess>;
  /** Makes sure the jobs alarm runs (job-sync.ts resume). */
  pollJobs(): Promise<void>;
}

export type StartOutcome =
  | { ok: true; job: JobView; prospect: ProspectRecord | null }
  | { ok: false; problem: Problem };

interface Accepted {
  extractionId: string;
  status: string;
  prospect: ProspectRecord | null;
}

export function createStarter(deps: StartDeps) {
  const { db, clock } = deps;
  // The same request twice in one worker's life (a view retrying while the first is in flight) shares one call.
  const inflight = new Map<string, Promise<StartOutcome>>();

  async function accept(creation: CreationRow, answer: Accepted): Promise<StartOutcome> {
    const done = answer.prospect !== null;
    await writeCreation(db, {
      ...creation,
      state: 'accepted',
      extractionId: answer.extractionId,
      prospect: answer.prospect,
    });
    // A replayed request, or one found on the service, may have a row the refresh keeps up to date already.
    const known = JobRowSchema.safeParse(await db.jobs.get(jobKey('extraction', answer.extractionId)));
    const row = known.success
      ? { ...known.data, what: creation.plan.what, kindHint: creation.plan.kind }
      : jobRow(creation, answer, clock.now());
    await writeJobRows(db, [row]);
    if (done && row.cached === null) {
      await cacheSingleRecord(db, clock.now(), answer.extractionId, answer.prospect ?? {}, creation.plan.kind);
    }
    if (!done) await deps.pollJobs();
    const cached = done ? (row.cached ?? row.produced) : row.cached;
    return { ok: true, job: toView({ ...row, cached }), prospect: answer.prospect };
  }

  async function send(client: ApiClient, creation: CreationRow) {
    const { plan, requestId } = creation;
    if (plan.endpoint === 'url') return client.createUrlExtraction(plan.body, requestId);
    return client.createSingleExtraction(plan.body, requestId);
  }

  async function start(request: ExtractRequest & { requestId: string }): Promise<StartOutcome> {
    const api = await deps.openApi();
    if (!api.ok) return { ok: false, problem: api.problem };
    const { client } = api;
    let creation = await readCreation(db, request.requestId);
    if (creation?.state === 'accepted' && creation.extractionId) {
      return accept(creation, { extractionId: creation.extractionId, status: '', prospect: creation.prospect });
    }
    if (creation) {
      // Sent by a worker that stopped before hearing back: it may have arrived.
      const found = await findCreated(client, db, creation, clock.now());
      if (!found.ok) return { ok: false, problem: describeFailure(found.failure, client.baseUrl) };
      if (found.item)
        return accept(creation, { extractionId: found.item.search_id, status: found.item.status, prospect: null });
    } else {
      const planned = planExtraction(request);
      if (!planned.ok) return planned;
      creation = {
        requestId: request.requestId,
        plan: planned.plan,
        state: 'sending',
        sentAt: 0,
        extractionId: null,
        prospect: null,
      };
    }

    let failure: ApiFailure;
    for (let attempt = 1; ; attempt++) {
      creation = { ...creation, sentAt: clock.now() };
      await writeCreation(db, creation);
      const result = await send(client, creation);
      if (result.ok) return accept(creation, acceptedFrom(result.data));
      failure = result.failure;
      if (isAmbiguous(failure)) {
        // The request may have been accepted with the answer lost on the way back.
        const found = await findCreated(client, db, creation, clock.now());
        if (found.ok && found.item) {
          return accept(creation, { extractionId: found.item.search_id, status: found.item.status, prospect: null });
        }
      }
      const wait = retryDelay(failure, attempt, DEFAULT_RETRY, deps.random);
      if (wait === null) break;
      await clock.sleep(wait);
    }
    // Refused or never reached: nothing was made, and a retry of this click starts afresh.
    await db.creations.delete(creation.requestId);
    return { ok: false, problem: describeStartFailure(failure, client.baseUrl) };
  }

  return (request: ExtractRequest & { requestId: string }): Promise<StartOutcome> => {
    const running = inflight.get(request.requestId);
    if (running) return running;
    const work = start(request).finally(() => inflight.delete(request.requestId));
    inflight.set(request.requestId, work);
    return work;
  };
}

/**
 * A 422 on creation is about the page (the sales tool could not use the search, or its URL is not
 * one the service takes), not an outdated extension: say so with the service's own reason.
 */
function describeStartFailure(failure: ApiFailure, service: string): Problem {
  if (failure.kind === 'http' && failure.status === 422 && failure.error?.type === 'ValidationError') {
    return problem(
      'ValidationError',
      `Leadforge cannot extract this page: ${failure.error.message}`,
      'Check that the page still opens in Sales Navigator, or narrow the search, then press Extract again.',
    );
  }
  return describeFailure(failure, service);
}

/** No answer, or a proxy's 502/504: the service may have acted on it. Its own 503 says it did not. */
function isAmbiguous(failure: ApiFailure): boolean {
  return failure.kind === 'network' || (failure.kind === 'http' && (failure.status === 502 || failure.status === 504));
}

function acceptedFrom(data: ExtractionCreateOut | SingleExtractionOut): Accepted {
  if ('prospect' in data) return { extractionId: data.extraction_id, status: 'EXECUTED', prospect: data.prospect };
  return { extractionId: data.extraction_id, status: data.status || 'ACCEPTED', prospect: null };
}

function jobRow(creation: CreationRow, answer: Accepted, now: number): JobRow {
  const { plan } = creation;
  const single = plan.endpoint === 'single';
  const done = answer.prospect !== null;
  const produced = done ? (Object.keys(answer.prospect ?? {}).length > 0 ? 1 : 0) : null;
  const status = (answer.status || 'ACCEPTED') as keyof typeof EXTRACTION_STATE;
  return {
    id: jobKey('extraction', answer.extractionId),
    source: 'extraction',
    remoteId: answer.extractionId,
    name: single ? plan.label : plan.body.search_name,
    what: plan.what,
    state: done ? 'done' : (EXTRACTION_STATE[status] ?? 'queued'),
    status,
    progress: done ? 100 : 0,
    total: single ? 1 : null,
    produced,
    failure: null,
    createdAt: now,
    cached: null,
    failureReason: done ? '' : null,
    // The page told the user already; a notification would say it twice.
    notified: done ? 'done' : null,
    settled: done,
    kindHint: plan.kind,
    updatedAt: now,
  };
}
