import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * How much CPU other work took from the machine while a slice of load ran: processes that are not
 * the bench's own (Linux /proc), plus time the hypervisor stole. On a shared 2-core machine a
 * compiler or a test run elsewhere halves a target's throughput for as long as it runs; a slice
 * it disturbed is measured again instead of being averaged in.
 */

/** Linux's USER_HZ; the same on every architecture Node runs on there. */
const TICKS_PER_SECOND = 100;

export interface Snapshot {
  at: number;
  /** pid → CPU ticks of the process itself, and with those of the children it has reaped. */
  ticks: Map<number, { own: number; withReaped: number }>;
  steal: number;
}

export const canObserveMachine = (() => {
  try {
    readFileSync('/proc/stat', 'utf8');
    return true;
  } catch {
    return false;
  }
})();

export function snapshot(): Snapshot {
  const ticks = new Map<number, { own: number; withReaped: number }>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended between the listing and the read
    }
    // The command name, in parentheses, may hold spaces: fields are counted after its last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(f[1]);
    // Kernel threads (children of kthreadd, pid 2) mostly do the loopback network work the load
    // itself causes; counting them would call every slice disturbed.
    if (pid === 2 || ppid === 2) continue;
    const own = Number(f[11]) + Number(f[12]);
    ticks.set(pid, { own, withReaped: own + Number(f[13]) + Number(f[14]) });
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.split(/\s+/);
  return { at: performance.now(), ticks, steal: Number(cpu[8] ?? 0) };
}

/** Cores' worth of CPU used by processes outside `ours` (and stolen) between two snapshots. */
export function foreignCores(before: Snapshot, after: Snapshot, ours: ReadonlySet<number>): number {
  let ticks = after.steal - before.steal;
  for (const [pid, t] of after.ticks) {
    if (ours.has(pid)) continue;
    // A process started during the slice counts whole; one that ended is caught in its parent's
    // reaped-children ticks, if the parent is still there (with the CPU it used before the slice
    // too: an overestimate, which can only make the guard stricter).
    ticks += t.withReaped - (before.ticks.get(pid)?.withReaped ?? 0);
  }
  const seconds = (after.at - before.at) / 1000;
  return Math.min(cpus().length, ticks / TICKS_PER_SECOND / seconds);
}

/** CPU seconds the given processes used between two snapshots (10 ms resolution). */
export function cpuSeconds(before: Snapshot, after: Snapshot, pids: Iterable<number>): number {
  let ticks = 0;
  for (const pid of pids) ticks += (after.ticks.get(pid)?.own ?? 0) - (before.ticks.get(pid)?.own ?? 0);
  return ticks / TICKS_PER_SECOND;
}
