import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';

/** The slice of autocannon 8's API used here (the package ships no types). */
interface AutocannonOptions {
  url: string;
  connections: number;
  pipelining: number;
  duration: number;
  headers?: Record<string, string>;
}
interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Instance = EventEmitter & PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: AutocannonOptions) => Instance;

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
}

/** One autocannon run's figures. */
export interface Slice {
  /** Responses per second over the run. */
  rps: number;
  /** Latency percentiles in milliseconds, from every response's own timing (not autocannon's whole-ms histogram). */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * One autocannon run: `connections` keep-alive connections, one request in flight on each
 * (pipelining 1, as browsers and HTTP clients send), for `duration` seconds.
 */
export async function load(opts: LoadOptions): Promise<Slice> {
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    pipelining: 1,
    duration: opts.duration,
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
  // autocannon's histogram keeps whole milliseconds, too coarse for sub-millisecond responses:
  // record each response time as measured (hrtime, fractional ms) and take percentiles here.
  const times = new Samples();
  // The rate is taken over the span of the responses themselves: autocannon stops at its next
  // one-second tick, which may come a second after `duration`, and counts that second in.
  const start = performance.now();
  let last = start;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    times.add(ms);
    last = performance.now();
  });
  const r = await instance;
  return {
    rps: last > start ? (times.count / (last - start)) * 1000 : 0,
    p50: times.percentile(50),
    p99: times.percentile(99),
    requests: times.count,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

/** A growable array of float samples; a typed array keeps 10^5–10^6 of them cheap to hold and sort. */
class Samples {
  private data = new Float64Array(1 << 16);
  private n = 0;

  get count(): number {
    return this.n;
  }

  add(v: number): void {
    if (this.n === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.n++] = v;
  }

  /** Nearest-rank percentile; NaN when there are no samples. */
  percentile(p: number): number {
    if (this.n === 0) return Number.NaN;
    const sorted = this.data.subarray(0, this.n).sort();
    return sorted[Math.min(this.n - 1, Math.ceil((p / 100) * this.n) - 1)]!;
  }
}
