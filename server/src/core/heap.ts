import { setFlagsFromString } from 'node:v8';

/**
 * Keeps a long-running process's memory near its live data. Left to itself, V8 lets the old
 * generation grow to several times what survives a full collection before it collects again: a
 * 100 000-address verification job with about 60 MB live peaked at 390 MB RSS, and at 257 MB with
 * growth held to 30% (server/bench/README.md, bench:verify), for about 10% more time in the job.
 *
 * `--heap-growing-percent` is read by V8's heap controller at every full collection, so setting it
 * after start-up takes effect (measured on Node 20; Node documents setFlagsFromString as
 * "behaviour undefined" after start, so a version that ignores it only loses the saving).
 */
export function applyHeapSettings(settings: { heapGrowingPercent: number }): void {
  if (settings.heapGrowingPercent > 0) setFlagsFromString(`--heap-growing-percent=${settings.heapGrowingPercent}`);
}
