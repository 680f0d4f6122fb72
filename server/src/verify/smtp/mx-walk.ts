import { refusedMxAddress } from '../guard.ts';
import type { MxSlots, ProviderRateCap } from '../limits.ts';
import type { SmtpDialer, Timers } from '../ports.ts';
import { type ProviderProfile, providerOf } from '../providers.ts';
import { readReply } from '../rules.ts';
import type { MxHost, SmtpOutcome, SmtpStep } from '../types.ts';
import { runSession, type SessionResult, type SessionTimeouts } from './client.ts';
import type { SmtpReply } from './reply.ts';

/**
 * One batch of recipients of one domain, walked over the domain's MX hosts in preference order:
 * the next host on a connect failure or a 421 (RFC 5321 §5.1), at most two addresses per host,
 * every address checked by the guard first, every session inside the per-host slot and the
 * provider's rate cap. A session that fails TLS is redone in plaintext (opportunistic STARTTLS).
 */
export interface SmtpSettings {
  heloName: string;
  mailFrom: string;
  port: number;
  startTls: boolean;
  allowPrivateMx: boolean;
  timeouts: SessionTimeouts;
  providers: Readonly<Record<string, Partial<ProviderProfile>>>;
}

export interface RecipientReport {
  outcome: SmtpOutcome;
  step: SmtpStep | null;
  reply: SmtpReply | null;
  rule: string | null;
  mxHost: string | null;
  mxAddress: string | null;
  tls: boolean;
}

export interface WalkResult {
  /** Final answers of this attempt (4xx included: retrying is the scheduler's decision). */
  reports: Map<string, RecipientReport>;
  /** Not asked because the server took no more recipients or dropped the session mid-way. */
  untested: string[];
  /** What to report for the untested if they cannot be asked again. */
  untestedReport: RecipientReport | null;
}

export interface WalkContext {
  dialer: SmtpDialer;
  timers: Timers;
  slots: MxSlots;
  rate: ProviderRateCap;
  settings: SmtpSettings;
  signal?: AbortSignal;
}

const ADDRESSES_PER_HOST = 2;

function fromReply(reply: SmtpReply, step: SmtpStep, mx: MxHost, address: string, tls: boolean): RecipientReport {
  const { outcome, rule } = readReply(reply);
  return { outcome, step, reply, rule, mxHost: mx.host, mxAddress: address, tls };
}

const bare = (outcome: SmtpOutcome, step: SmtpStep | null, mx: MxHost | null, address: string | null) =>
  ({
    outcome,
    step,
    reply: null,
    rule: null,
    mxHost: mx?.host ?? null,
    mxAddress: address,
    tls: false,
  }) as RecipientReport;

async function session(
  ctx: WalkContext,
  mx: MxHost,
  address: string,
  recipients: { address: string; smtputf8: boolean }[],
): Promise<SessionResult> {
  const profile = providerOf(mx.host, ctx.settings.providers);
  const wait = ctx.rate.reserve(profile.id, profile.sessionsPerMinute);
  if (wait > 0) await ctx.timers.sleep(wait, ctx.signal);
  const release = await ctx.slots.acquire(mx.host);
  try {
    const { settings } = ctx;
    const base = {
      dialer: ctx.dialer,
      target: { host: mx.host, address, port: settings.port },
      heloName: settings.heloName,
      mailFrom: settings.mailFrom,
      recipients,
      timeouts: settings.timeouts,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    };
    const first = await runSession({ ...base, startTls: settings.startTls });
    if (first.failure?.kind !== 'tls_failed') return first;
    return await runSession({ ...base, startTls: false });
  } finally {
    release();
  }
}

export async function walkMx(
  ctx: WalkContext,
  mxHosts: readonly MxHost[],
  recipients: { address: string; smtputf8: boolean }[],
): Promise<WalkResult> {
  const reports = new Map<string, RecipientReport>();
  let pending = [...recipients];
  let untested: string[] = [];
  let fallback: RecipientReport | null = null;

  hosts: for (const mx of mxHosts) {
    const allowed = mx.addresses.filter((a) => !refusedMxAddress(a, { allowPrivate: ctx.settings.allowPrivateMx }));
    if (allowed.length === 0) {
      if (mx.addresses.length > 0) fallback ??= bare('mx_refused_private', 'connect', mx, null);
      continue;
    }
    for (const address of allowed.slice(0, ADDRESSES_PER_HOST)) {
      if (ctx.signal?.aborted) break hosts;
      const result = await session(ctx, mx, address, pending);
      const f = result.failure;
      if (f && f.step === 'connect') {
        fallback = bare(f.kind === 'timeout' ? 'timeout' : 'connect_failed', 'connect', mx, address);
        continue; // the host's next address, then the next host
      }
      // Answers to RCPT are final, except a 421 (ask again at the next host) and a 452-too-many.
      const answeredSet = new Set<string>();
      for (const a of result.answered) {
        answeredSet.add(a.address);
        if (a.skipped)
          reports.set(a.address, { ...bare('smtputf8_unsupported', 'rcpt', mx, address), tls: result.tls });
        else if (a.reply && a.reply.code !== 421 && readReply(a.reply).outcome !== 'too_many_recipients') {
          reports.set(a.address, fromReply(a.reply, 'rcpt', mx, address, result.tls));
        }
      }
      pending = pending.filter((r) => !reports.has(r.address));
      if (!f) {
        // Not every recipient was asked: the server stopped taking them (452 too many).
        untested = pending.map((r) => r.address);
        const tooMany = result.answered.find((a) => a.reply && !reports.has(a.address));
        fallback = tooMany?.reply ? fromReply(tooMany.reply, 'rcpt', mx, address, result.tls) : fallback;
        pending = [];
        break hosts;
      }
      if (f.reply && (f.reply.code === 421 || (f.step === 'greeting' && f.reply.code < 500))) {
        fallback = fromReply(f.reply, f.step, mx, address, result.tls);
        continue hosts; // RFC 5321 §5.1: a 421 sends us to the next MX host
      }
      if (f.kind === 'timeout' || f.kind === 'connection_lost') {
        fallback = { ...bare(f.kind, f.step, mx, address), tls: result.tls };
        if (f.step === 'greeting') continue hosts; // tarpit or broken host: try the next one
        if (f.step === 'rcpt' && result.answered.length > 0) {
          untested = pending.map((r) => r.address); // dropped after some answers: ask the rest again
          pending = [];
        }
        break hosts;
      }
      // Refused before RCPT (greeting 5xx, EHLO/HELO, MAIL FROM): the same for every recipient.
      fallback = f.reply ? fromReply(f.reply, f.step, mx, address, result.tls) : fallback;
      break hosts;
    }
  }
  const last = fallback ?? bare('connect_failed', 'connect', null, null);
  for (const r of pending) reports.set(r.address, last);
  return { reports, untested, untestedReport: untested.length > 0 ? last : null };
}
