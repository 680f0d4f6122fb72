import { randomInt } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { type DomainResolution, resolveDomain } from './domain.ts';
import {
  catchAllValue,
  type DomainWork,
  enqueue,
  type Item,
  isRetryable,
  newDomainWork,
  newItem,
  randomLocalPart,
  settleFromCache,
} from './domain-work.ts';
import { concurrency } from './limits.ts';
import { createVerifierState, type VerifierOptions, type VerifierState } from './options.ts';
import type { VerifierPorts } from './ports.ts';
import { providerOf } from './providers.ts';
import { type RecipientReport, type WalkContext, type WalkResult, walkMx } from './smtp/mx-walk.ts';
import { buildResult, type PreparedAddress, prepareAddress, smtpStageOf } from './stages.ts';
import type { VerificationResult } from './types.ts';

/**
 * Many addresses at once. Addresses are grouped by domain; each session carries the domain's
 * catch-all probe (until it has settled) and as many addresses as the provider tolerates. At most
 * `maxConnectionsPerMx` sessions go to one MX host, each provider has a rate cap, a 4xx is asked
 * again after the greylist delays while other work goes on, and when `maxDurationMs` runs out
 * whatever is unconfirmed is reported suspect. Results are handed to `onResult` as they become
 * final, so a bulk job can checkpoint.
 */
export interface BulkRun {
  /** Called once per address, in completion order, and awaited. */
  onResult?: (result: VerificationResult, index: number) => void | Promise<void>;
  /** Slots, rate caps and catch-all answers shared across runs; a fresh set if absent. */
  state?: VerifierState;
  /** Stops the run: open sessions are closed and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** false: results go only to onResult and the returned array stays empty (a bulk job of 100 000 addresses). */
  keepResults?: boolean;
  /**
   * At most this many addresses in work at once (prepared, queued or in a session), taken from the
   * list in order as earlier ones finish, so that memory follows the window and not the list.
   * Addresses parked for a greylist retry or a probe do not count, up to four windows, so a
   * greylisting domain does not stall the rest. Default: the whole list at once.
   */
  window?: number;
}

const DNS_CONCURRENCY = 32;
const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

export async function verifyEmails(
  addresses: readonly string[],
  ports: VerifierPorts,
  options: VerifierOptions,
  run: BulkRun = {},
): Promise<VerificationResult[]> {
  const { clock, timers } = ports;
  const random = ports.random ?? cryptoRandom;
  const state = run.state ?? createVerifierState(clock, options);
  const deadline = options.maxDurationMs === null ? null : clock.now() + options.maxDurationMs;
  const results: VerificationResult[] = run.keepResults === false ? [] : new Array(addresses.length);
  const outbox: [VerificationResult, number][] = [];
  const sessions = new AbortController();
  setMaxListeners(0, sessions.signal); // every open session listens to it
  const ctx: WalkContext = { ...ports, ...state, settings: options.smtp, signal: sessions.signal };
  const inFlight = new Set<Promise<void>>();
  // Sessions of this run per MX host (a domain's first), so that sessions which could only wait for
  // a busy host's slot do not take the run's session slots from other hosts.
  const hostInFlight = new Map<string, number>();
  const hostOf = (work: DomainWork) => (work.mx[0]?.host ?? work.domain).toLowerCase();
  // When greylisting retries fall due (epoch ms).
  let retryTimes: number[] = [];
  let finished = false;
  let wake: () => void = () => {};

  const keep = run.keepResults !== false;
  const emit = (result: VerificationResult, index: number) => {
    if (keep) results[index] = result;
    outbox.push([result, index]);
  };
  // The window: addresses taken from the list so far, those not yet final, and those parked.
  const window = Math.max(1, run.window ?? addresses.length);
  let admitted = 0;
  let open = 0;
  let parked = 0;
  const park = (item: Item) => {
    if (!item.parked) parked += 1;
    item.parked = true;
  };
  const unpark = (item: Item) => {
    if (item.parked) parked -= 1;
    item.parked = false;
  };
  const finalize = (item: Item, work: DomainWork | null) => {
    unpark(item);
    open -= 1 + item.twins.length;
    const smtp = item.report ? smtpStageOf(item.report, item.attempts) : null;
    const catchAll = work?.probe.stage ?? null;
    for (const it of [item, ...item.twins]) {
      it.done = true;
      emit(buildResult(it.prepared, smtp, catchAll, item.greylisted), it.index);
    }
    // Final: everything is in the result now, and the address leaves the run's bookkeeping (the same
    // address coming later in the list is asked again); a list of 100 000 keeps only those in work.
    item.report = null;
    item.twins = [];
    work?.byEnvelope.delete(item.envelope.toLowerCase());
  };
  const retryAt = (retries: number): number | null => {
    const delay = options.greylistRetryDelaysMs[retries];
    if (delay === undefined) return null;
    const at = clock.now() + delay;
    return deadline !== null && at >= deadline ? null : at;
  };

  // Stages before SMTP; one DNS resolution per domain for the whole run, a few domains at a time
  // so a list of ten thousand domains does not become ten thousand questions at once.
  const domains = new Map<string, Promise<DomainResolution>>();
  const dnsSlot = concurrency(DNS_CONCURRENCY);
  const resolve = (domain: string) => {
    const known = domains.get(domain);
    if (known) return known;
    const started = dnsSlot(() => resolveDomain(domain, ports.resolver, random));
    domains.set(domain, started);
    return started;
  };
  const extraDisposable = new Set(options.extraDisposableDomains.map((d) => d.toLowerCase()));
  const works = new Map<string, DomainWork>();
  const place = (p: PreparedAddress, index: number) => {
    if (!p.needsSmtp) {
      emit(buildResult(p, null, null, false), index);
      return;
    }
    open += 1;
    let work = works.get(p.syntax.domain);
    if (!work) {
      const limit = providerOf(p.mx[0]?.host ?? p.syntax.domain, options.smtp.providers).maxRcptPerSession;
      work = newDomainWork(p.syntax.domain, p.mx, limit, `${randomLocalPart(random)}@${p.syntax.domain}`);
      const cached = state.catchAll.get(p.syntax.domain);
      if (cached) settleFromCache(work, cached);
      works.set(p.syntax.domain, work);
    }
    enqueue(work, newItem(index, p));
  };
  /** Takes the next addresses of the list into work, up to the window. */
  const admit = async (count: number) => {
    const from = admitted;
    admitted = Math.min(addresses.length, from + count);
    const slice = addresses.slice(from, admitted);
    const prepared = await Promise.all(slice.map((a) => prepareAddress(a, resolve, extraDisposable)));
    for (const [i, p] of prepared.entries()) place(p, from + i);
  };
  const admissible = () => {
    const active = open - parked;
    if (admitted >= addresses.length || active > window / 2 || open >= window * 4) return 0;
    return Math.min(window - active, window * 4 - open);
  };

  const settleProbe = (work: DomainWork, report: RecipientReport) => {
    const probe = work.probe;
    const value = catchAllValue(report);
    const at = value === null && isRetryable(report) ? retryAt(probe.retries) : null;
    if (at !== null) {
      Object.assign(probe, { state: 'waiting', notBefore: at, retries: probe.retries + 1 });
      retryTimes.push(at);
      return;
    }
    const entry = { value, probe: probe.address, code: report.reply?.code ?? null, text: report.reply?.text ?? null };
    probe.state = 'settled';
    probe.stage = { ...entry, cached: false };
    if (entry.value !== null) state.catchAll.set(work.domain, { ...entry, value: entry.value });
    for (const held of work.held.splice(0)) finalize(held, work);
  };

  const settleItem = (work: DomainWork, item: Item, report: RecipientReport) => {
    item.report = report;
    if (report.outcome === 'greylisted') item.greylisted = true;
    const at = isRetryable(report) ? retryAt(item.retries) : null;
    if (at !== null) {
      item.retries += 1;
      item.notBefore = at;
      retryTimes.push(at);
      park(item);
      work.queue.push(item);
    } else if (work.probe.state === 'settled') finalize(item, work);
    else {
      park(item);
      work.held.push(item);
    }
  };

  const onWalk = (work: DomainWork, items: Item[], withProbe: boolean, result: WalkResult) => {
    const untested = new Set(result.untested);
    const asked = items.length + (withProbe ? 1 : 0) - untested.size;
    if (untested.size > 0) work.rcptLimit = Math.max(1, Math.min(work.rcptLimit, asked));
    for (const item of items) {
      if (item.done) continue;
      item.attempts += 1;
      if (untested.has(item.envelope) && item.requeues < options.maxRequeues) {
        item.requeues += 1;
        work.queue.push(item);
        continue;
      }
      const report = result.reports.get(item.envelope) ?? (result.untestedReport as RecipientReport);
      settleItem(work, item, report);
    }
    if (!withProbe) return;
    const probe = work.probe;
    if (untested.has(probe.address) && probe.requeues < options.maxRequeues) {
      probe.requeues += 1;
      probe.state = 'needed';
    } else settleProbe(work, result.reports.get(probe.address) ?? (result.untestedReport as RecipientReport));
  };

  const startSessions = (work: DomainWork) => {
    const host = hostOf(work);
    while (
      work.inFlight < options.maxConnectionsPerMx &&
      (hostInFlight.get(host) ?? 0) < options.maxConnectionsPerMx &&
      inFlight.size < options.maxConcurrentSessions
    ) {
      const now = clock.now();
      const probe = work.probe;
      const withProbe = probe.state === 'needed' || (probe.state === 'waiting' && probe.notBefore <= now);
      const room = Math.max(0, work.rcptLimit - (withProbe ? 1 : 0));
      const batch: Item[] = [];
      const rest: Item[] = [];
      for (const item of work.queue) (batch.length < room && item.notBefore <= now ? batch : rest).push(item);
      if (!withProbe && batch.length === 0) return;
      for (const item of batch) unpark(item);
      work.queue = rest;
      if (withProbe) probe.state = 'in_flight';
      const recipients = [
        ...(withProbe ? [{ address: probe.address, smtputf8: false }] : []),
        ...batch.map((i) => ({ address: i.envelope, smtputf8: i.smtputf8 })),
      ];
      work.inFlight += 1;
      hostInFlight.set(host, (hostInFlight.get(host) ?? 0) + 1);
      const session: Promise<void> = walkMx(ctx, work.mx, recipients)
        .catch((err: unknown): WalkResult => {
          const lost = { outcome: 'connection_lost', step: null, reply: null, rule: null } as const;
          const report: RecipientReport = { ...lost, mxHost: null, mxAddress: null, tls: false };
          void err; // walkMx reports failures as results; a throw here is a bug, reported as a lost session
          return { reports: new Map(recipients.map((r) => [r.address, report])), untested: [], untestedReport: null };
        })
        .then((result) => {
          work.inFlight -= 1;
          hostInFlight.set(host, (hostInFlight.get(host) ?? 1) - 1);
          inFlight.delete(session);
          if (!finished) onWalk(work, batch, withProbe, result);
          wake();
        });
      inFlight.add(session);
    }
  };

  const expire = () => {
    finished = true; // sessions still open are closed below; their late answers are ignored
    for (const work of works.values()) {
      if (work.probe.state !== 'settled') {
        work.probe.state = 'settled';
        work.probe.stage = { value: null, probe: work.probe.address, code: null, text: null, cached: false };
      }
      for (const item of [...work.held.splice(0), ...work.byEnvelope.values()]) {
        if (item.done) continue;
        const last = item.report ?? { step: null, reply: null, rule: null, mxHost: null, mxAddress: null, tls: false };
        item.report = { ...last, outcome: 'deadline_reached' };
        finalize(item, work);
      }
    }
  };

  const drain = async () => {
    for (let next = outbox.shift(); next; next = outbox.shift()) await run.onResult?.(next[0], next[1]);
  };

  try {
    for (;;) {
      await drain();
      if (run.signal?.aborted) throw run.signal.reason ?? new Error('aborted');
      if (deadline !== null && clock.now() >= deadline) {
        // Whatever is left, in work or not yet taken from the list, is unconfirmed.
        expire();
        while (admitted < addresses.length) {
          await admit(window);
          expire();
          await drain();
        }
        break;
      }
      const more = admissible();
      if (more > 0) await admit(more);
      const now = clock.now();
      const woken = new Promise<void>((r) => {
        wake = r;
      });
      let waiting = false;
      for (const work of works.values()) {
        startSessions(work);
        waiting ||= work.queue.length > 0 || work.probe.state === 'waiting';
      }
      if (inFlight.size === 0 && !waiting && admitted >= addresses.length) break;
      // The next retry time still ahead; the list holds only greylisting retries, so it stays short.
      retryTimes = retryTimes.filter((t) => t > now);
      let nextAt = deadline ?? Number.POSITIVE_INFINITY;
      for (const t of retryTimes) nextAt = Math.min(nextAt, t);
      const nap = new AbortController();
      const stop = () => {
        nap.abort();
        wake();
      };
      run.signal?.addEventListener('abort', stop, { once: true });
      await Promise.race([woken, Number.isFinite(nextAt) ? timers.sleep(nextAt - now, nap.signal) : woken]);
      nap.abort();
      run.signal?.removeEventListener('abort', stop);
    }
    for (const work of works.values()) for (const item of work.held.splice(0)) finalize(item, work);
    await drain();
    return results;
  } finally {
    finished = true;
    sessions.abort();
    await Promise.allSettled([...inFlight]);
  }
}
