/**
 * Shared by the extraction tests: the fast sandbox with the sales tool's request budget off, a
 * seat connected over the API, the simulator's own answers as the oracle (what a search or list
 * holds, at the tool's time), and running the extraction job's handler by hand.
 */
import pino from 'pino';
import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';
import type { WorldsOptions } from '../../src/app/worlds.ts';
import {
  EXTRACTION_RUN,
  type ExtractionCheckpoint,
  type ExtractionJobDeps,
  type ExtractionPayload,
  extractionJob,
} from '../../src/extractions/run-job.ts';
import type { LeadHit } from '../../src/sandbox/salestool/search.ts';
import type { SalesList } from '../../src/sandbox/world/members.ts';
import { findMember, type Member } from '../../src/sandbox/world/members.ts';
import { bearer, type TestApp } from './app.ts';
import { sandboxSession } from './sales-tool.ts';
import { FAST_SANDBOX } from './sandbox.ts';

/** The fast sandbox (40 companies, 160 people), its sales tool without 429s. */
export const EXTRACTION_WORLDS: WorldsOptions = { ...FAST_SANDBOX, salesTool: { rateLimit: false } };

export const L = 'https://www.linkedin.com';
/** SENIORITY_LEVEL Senior or CXO: 54 leads of the fast world, a few of them decoys. */
export const SENIOR_OR_CXO = `${L}/sales/search/people?query=(filters:List((type:SENIORITY_LEVEL,values:List((id:120,text:Senior,selectionType:INCLUDED),(id:310,text:CXO,selectionType:INCLUDED)))))&sessionId=GumqcP8vR0aPVWr3cNR74A%3D%3D`;
/** Every company of the fast world. */
export const ALL_COMPANIES = `${L}/sales/search/company`;

export function member(key = 'demo'): Member {
  const m = findMember(key);
  if (!m) throw new Error(`no sandbox member ${key}`);
  return m;
}

export function target(url: string): SalesNavTarget {
  const parsed = parseSalesNavUrl(url);
  if (!parsed.ok) throw new Error(`${url}: ${parsed.reason}`);
  return parsed.value;
}

/** Signs `who` in on the simulator and connects the session as a seat of the test account. */
export async function connectSeat(t: TestApp, who = 'demo', key = t.account.key): Promise<string> {
  const res = await t.server.inject({
    method: 'POST',
    url: '/v1/seats/',
    headers: bearer(key),
    payload: (await sandboxSession(t.app, who)) as never,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`seat connect: ${res.statusCode} ${res.body}`);
  return res.json().seat.id;
}

/** The simulator's answer to a people search for a member, now: the hits paging must deliver, in order. */
export async function searchHits(t: TestApp, url: string, who = 'demo'): Promise<LeadHit[]> {
  const tool = await t.app.worlds.salesToolServer();
  const tg = target(url);
  if (tg.kind !== 'people-search') throw new Error('not a people search');
  return tool.state.engine.leads(member(who), tg.query, tool.state.clock.now());
}

/** A member's list of the simulator (`LEAD` lists hold profile ids, `ACCOUNT` lists sales company ids). */
export async function memberList(t: TestApp, kind: 'LEAD' | 'ACCOUNT', who = 'demo'): Promise<SalesList> {
  const tool = await t.app.worlds.salesToolServer();
  const list = tool.state.tool.assetsOf(member(who)).lists.find((l) => l.kind === kind);
  if (!list) throw new Error(`no ${kind} list`);
  return list;
}

/** The simulator's view of a lead by profile id, now. */
export async function leadView(t: TestApp, profileId: string) {
  const tool = await t.app.worlds.salesToolServer();
  return tool.state.tool.at(tool.state.clock.now()).leadByProfileId.get(profileId);
}

export const silentLog = pino({ level: 'silent' });

export function jobDeps(t: TestApp, over: Partial<ExtractionJobDeps> = {}): ExtractionJobDeps {
  return {
    store: t.app.store,
    credits: t.app.credits,
    quota: t.app.quota,
    queue: t.app.queue,
    webhooks: t.app.webhooks,
    clock: t.clock,
    log: silentLog,
    connectors: t.app.connectors,
    verifier: (mode) => t.app.worlds.verifier(mode),
    worldNow: (mode) => t.app.worldTime.now(mode),
    ...over,
  };
}

/**
 * Runs every extraction job that is due, by hand, as a worker would (no lease to lose), marking
 * each done; returns how many ran. Jobs they queue for later (a paused extraction's check) stay.
 */
export async function runDueExtractionJobs(
  t: TestApp,
  over: Partial<ExtractionJobDeps> = {},
  opts: { checkpoint?: ExtractionCheckpoint } = {},
): Promise<number> {
  const handler = extractionJob(jobDeps(t, over));
  const due = await t.app.store.db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', EXTRACTION_RUN)
    .where('state', '=', 'queued')
    .where('run_at', '<=', t.clock.now())
    .orderBy('run_at')
    .execute();
  for (const job of due) {
    const checkpoint: ExtractionCheckpoint | null =
      opts.checkpoint ?? (job.checkpoint ? JSON.parse(job.checkpoint) : null);
    await handler.run({
      job,
      payload: JSON.parse(job.payload) as ExtractionPayload,
      attempt: job.attempts + 1,
      checkpoint,
      signal: new AbortController().signal,
      // Kept on the job, as the worker keeps it: a run that throws is resumed from it by the next call.
      saveCheckpoint: async (c) => {
        await t.app.store.db
          .updateTable('jobs')
          .set({ checkpoint: JSON.stringify(c) })
          .where('id', '=', job.id)
          .execute();
      },
      fenced: (fn) => fn(t.app.store.db),
    });
    await t.app.store.db.updateTable('jobs').set({ state: 'done' }).where('id', '=', job.id).execute();
  }
  return due.length;
}
