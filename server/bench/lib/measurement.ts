import type { GuardedSlice } from './guarded-load.ts';

/** A target's figures over several slices of load, interleaved with the other target's. */
export interface Measurement {
  /** req/s, latency and CPU of the target's fastest slice (see `combine`). */
  rps: number;
  p50: number;
  p99: number;
  /** CPU the server side spent per response, in µs: what a request costs, whatever the load generator does. */
  cpuPerRequest: number;
  /** The PostgreSQL server processes' part of cpuPerRequest. */
  dbCpuPerRequest: number;
  /** (fastest − slowest) / fastest over the slices used: how steady the machine was. */
  spread: number;
  /** Every slice's req/s, in the order measured. */
  slices: number[];
  /** Slices measured again because other work disturbed them. */
  remeasured: number;
  /** Slices kept although disturbed (the retries ran out). */
  disturbed: number;
  /** Undisturbed slices; with none, the figures describe the machine's other work as much as the target. */
  clean: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * Best of N: a target's figures are those of its fastest undisturbed slice (of its fastest slice
 * when every one was disturbed). Other work on a shared machine only ever slows a slice down, so
 * the fastest slice is the one nearest the target's own capacity, and the one a second run finds
 * again; a mean or median moves with whatever else the machine was doing.
 */
export function combine(all: GuardedSlice[]): Measurement {
  if (all.length === 0) throw new Error('combine: no slices');
  const clean = all.filter((s) => !s.disturbed);
  const used = clean.length > 0 ? clean : all;
  const best = used.reduce((a, b) => (b.rps > a.rps ? b : a));
  const slowest = Math.min(...used.map((s) => s.rps));
  // Responses and errors count over every slice: a failure in a disturbed one is still a failure.
  const sum = (f: (s: GuardedSlice) => number) => all.reduce((n, s) => n + f(s), 0);
  const statusCodes: Record<string, number> = {};
  for (const s of all) {
    for (const [code, n] of Object.entries(s.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  }
  return {
    rps: best.rps,
    p50: best.p50,
    p99: best.p99,
    cpuPerRequest: best.cpuPerRequest,
    dbCpuPerRequest: best.dbCpuPerRequest,
    spread: best.rps > 0 ? (best.rps - slowest) / best.rps : 0,
    slices: all.map((s) => Math.round(s.rps)),
    remeasured: sum((s) => s.attempts - 1),
    disturbed: all.length - clean.length,
    clean: clean.length,
    requests: sum((s) => s.requests),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
    statusCodes,
  };
}
