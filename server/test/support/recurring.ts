/**
 * Shared by the recurring export tests: a sandbox world large enough that weeks of sandbox time
 * bring new leads (300 companies, about 3,400 people: a few new people a week appear or change jobs into a search),
 * and the oracle: what each run of a schedule must hold, by the simulator's own world model.
 */

import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { WorldsOptions } from '../../src/app/worlds.ts';
import { savedSearch } from '../../src/sandbox/salestool/state.ts';
import type { DB } from '../../src/store/schema.ts';
import type { TestApp } from './app.ts';
import { member } from './extractions.ts';
import { FAST_SANDBOX } from './sandbox.ts';

const { peoplePerCompany: _, ...fastWorld } = FAST_SANDBOX.sandbox ?? {};
export const RECURRING_WORLDS: WorldsOptions = {
  ...FAST_SANDBOX,
  sandbox: { ...fastWorld, companies: 300 },
  salesTool: { rateLimit: false },
};

export interface RunFacts {
  id: string;
  status: string;
  from: number;
  to: number;
  leads: string[];
}

/** A schedule's runs, oldest first, with their windows and the leads or accounts they hold. */
export async function runsOf(db: Kysely<DB>, scheduleId: string): Promise<RunFacts[]> {
  const rows = await db
    .selectFrom('extractions')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .orderBy('id')
    .execute();
  const runs: RunFacts[] = [];
  for (const row of rows) {
    const items = await db
      .selectFrom('extraction_items')
      .select('entity_id')
      .where('extraction_id', '=', row.id)
      .where('record', 'is not', null)
      .execute();
    runs.push({
      id: row.id,
      status: row.status,
      from: Number(row.window_from),
      to: Number(row.window_to),
      leads: items.map((i) => i.entity_id).sort(),
    });
  }
  return runs;
}

/**
 * Checks a schedule's runs against the world model: every run EXECUTED; the windows chain from the
 * schedule's creation with no gap and no overlap; each run holds exactly the leads (or accounts)
 * that are new in the saved search between its window's ends, less those an earlier run delivered
 * (a lead who left the search and came back). Returns the runs.
 */
export async function expectRunsMatchWorld(t: TestApp, scheduleId: string, who = 'demo'): Promise<RunFacts[]> {
  const schedule = await t.app.store.db
    .selectFrom('recurring_exports')
    .selectAll()
    .where('id', '=', scheduleId)
    .executeTakeFirstOrThrow();
  const tool = await t.app.worlds.salesToolServer();
  const saved = savedSearch(tool.state, member(who), schedule.search_kind, schedule.saved_search_id);
  if (!saved) throw new Error(`saved search ${schedule.saved_search_id} is not on ${who}`);
  const runs = await runsOf(t.app.store.db, scheduleId);
  let point = schedule.created_at;
  const delivered = new Set<string>();
  for (const run of runs) {
    expect(run.status, `run ${run.id}`).toBe('EXECUTED');
    expect(run.from, `run ${run.id} starts where the last one ended`).toBe(point);
    expect(run.to).toBeGreaterThanOrEqual(run.from);
    const truth = tool.state.engine
      .newSince(schedule.search_kind, member(who), saved.query, run.from, run.to)
      .map((h) => ('lead' in h.view ? h.view.lead.profileId : String(h.view.account.salesId)))
      .filter((id) => !delivered.has(id))
      .sort();
    expect(run.leads, `run ${run.id} holds the new leads of its window`).toEqual(truth);
    for (const id of run.leads) delivered.add(id);
    point = run.to;
  }
  expect(Number(schedule.covered_until)).toBe(point);
  return runs;
}
