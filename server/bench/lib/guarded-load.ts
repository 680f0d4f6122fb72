import { setTimeout as delay } from 'node:timers/promises';
import { type LoadOptions, load, type Slice } from './load.ts';
import { canObserveMachine, cpuSeconds, foreignCores, snapshot } from './machine.ts';

/** Above this much CPU taken by other work (in cores, on average), a slice is not representative. */
export const MAX_FOREIGN_CORES = 0.1;
/** How long to wait for the machine to calm down before measuring a slice again. */
const QUIET_WAIT_SECONDS = 20;

export interface GuardedSlice extends Slice {
  /** Cores' worth of CPU other work took during the slice (NaN where it cannot be observed). */
  foreign: number;
  /** CPU the server side (target process, and its PostgreSQL server processes) spent per response, in µs. */
  cpuPerRequest: number;
  /** The PostgreSQL server processes' part of cpuPerRequest (0 on SQLite, which runs in the target). */
  dbCpuPerRequest: number;
  /** Whether it is kept although disturbed, because the retries ran out. */
  disturbed: boolean;
  /** How many times it was measured; more than 1 when other work disturbed the first tries. */
  attempts: number;
}

export interface Guard {
  /** pids whose CPU belongs to the measurement: the bench, its targets, their database processes. */
  ours(): Promise<Set<number>>;
  /** Slices that may still be measured again, shared by all targets of a dialect. */
  retriesLeft: number;
  /** Brings every target back to temperature after a wait (see api.ts). */
  rewarm(): Promise<void>;
  log(line: string): void;
}

/** The processes that serve a target: its own, and the database server's working for it. */
export interface ServerPids {
  app: number;
  db(): Promise<number[]>;
}

/**
 * One slice of load, measured again (after waiting for the machine to go quiet) when other
 * processes took more than MAX_FOREIGN_CORES during it.
 */
export async function guardedLoad(
  opts: LoadOptions,
  server: ServerPids,
  guard: Guard,
  label: string,
): Promise<GuardedSlice> {
  for (let attempts = 1; ; attempts++) {
    const before = canObserveMachine ? snapshot() : null;
    const slice = await load(opts);
    const after = before ? snapshot() : null;
    const foreign = before && after ? foreignCores(before, after, await guard.ours()) : Number.NaN;
    const perRequest = (pids: number[]) =>
      before && after ? (cpuSeconds(before, after, pids) / slice.requests) * 1e6 : Number.NaN;
    const dbCpuPerRequest = perRequest(await server.db());
    const cpuPerRequest = perRequest([server.app]) + dbCpuPerRequest;
    const disturbed = foreign > MAX_FOREIGN_CORES;
    // A slice with failures is kept whatever else happened: the run must report them, not retry them away.
    const failed =
      slice.errors + slice.timeouts + slice.non2xx > 0 || Object.keys(slice.statusCodes).some((c) => c !== '200');
    const observed = Number.isNaN(foreign)
      ? ''
      : `, server ${Math.round(cpuPerRequest)} µs CPU/req` +
        (dbCpuPerRequest > 0 ? ` (database ${Math.round(dbCpuPerRequest)})` : '') +
        `, load generator ${Math.round(perRequest([process.pid]))} µs/req, other work ${foreign.toFixed(2)} cores`;
    guard.log(`${label}: ${Math.round(slice.rps)} req/s${observed}${disturbed ? ' (disturbed)' : ''}`);
    if (!disturbed || failed || guard.retriesLeft <= 0)
      return { ...slice, foreign, cpuPerRequest, dbCpuPerRequest, disturbed, attempts };
    guard.retriesLeft--;
    await waitForQuiet(guard);
    await guard.rewarm();
  }
}

/** Waits, one-second window after window, until other work stays under the limit, or gives up. */
async function waitForQuiet(guard: Guard): Promise<void> {
  for (let waited = 0; waited < QUIET_WAIT_SECONDS; waited++) {
    const before = snapshot();
    await delay(1000);
    const foreign = foreignCores(before, snapshot(), await guard.ours());
    if (foreign <= MAX_FOREIGN_CORES) return;
    if (waited === 0) guard.log(`waiting for other work (${foreign.toFixed(2)} cores) to end…`);
  }
  guard.log(`the machine stayed busy for ${QUIET_WAIT_SECONDS} s; measuring anyway`);
}
