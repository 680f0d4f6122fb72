import { HOST_PROFILES } from '../../src/sandbox/smtp/host-profiles.ts';
import { MAIL_HOSTS } from '../../src/sandbox/world/mail-hosts.ts';
import type { World } from '../../src/sandbox/world/types.ts';
import { providerOf } from '../../src/verify/providers.ts';

export interface LowerBound {
  ms: number;
  /** The MX host that bounds it, with its share of the work. */
  busiest: { host: string; domains: number; rcpts: number; sessions: number; ms: number };
  hosts: number;
}

/**
 * The least time any verifier needs for the workload under the configured limits, with every reply
 * `latencyMs` late: every address asked at RCPT once, plus one catch-all probe per domain;
 * sessions carry one domain's recipients, at most the provider's RCPT limit (and the server's own
 * 452 limit) each, and cost at least the greeting, EHLO, (STARTTLS and EHLO again when the host
 * offers it) and MAIL FROM before the first RCPT; at most `perMx` sessions per MX host at a time.
 * Before any SMTP, a domain needs its MX and the MX host's address: two DNS answers in a row.
 * Domains whose mail is never asked about at RCPT (no MX, null MX, dead hosts, blocked at the
 * greeting, disposable) add nothing, which keeps this a lower bound.
 */
export function lowerBound(world: World, addresses: readonly string[], latencyMs: number, perMx: number): LowerBound {
  const perDomain = new Map<string, number>();
  for (const a of addresses) {
    const d = a.slice(a.lastIndexOf('@') + 1).toLowerCase();
    perDomain.set(d, (perDomain.get(d) ?? 0) + 1);
  }
  const hosts = new Map<string, { domains: number; rcpts: number; sessions: number; roundTrips: number }>();
  for (const [name, n] of perDomain) {
    const d = world.domains.get(name);
    if (!d) continue;
    const asked = [
      'normal',
      'catch_all',
      'microsoft',
      'microsoft_open',
      'microsoft_consumer',
      'self_hosted',
      'tls_required',
      'recipient_limit',
      'dead_primary_mx',
      'implicit_mx',
      'blocks_us',
    ];
    if (!asked.includes(d.behaviour)) continue;
    const host =
      d.behaviour === 'implicit_mx'
        ? d.domain
        : d.behaviour === 'dead_primary_mx'
          ? d.mx[1]?.exchange
          : d.mx[0]?.exchange;
    const kind = MAIL_HOSTS.find((h) => h.ip === d.smtpIps[0])?.kind;
    if (!host || !kind) continue;
    const profile = HOST_PROFILES[kind];
    const perSession = Math.min(providerOf(host).maxRcptPerSession, profile.rcptLimit ?? Number.POSITIVE_INFINITY);
    const rcpts = n + 1;
    const sessions = Math.ceil(rcpts / perSession);
    const overhead = profile.starttls ? 5 : 3; // greeting, EHLO, [STARTTLS, EHLO], MAIL FROM
    const h = hosts.get(host) ?? { domains: 0, rcpts: 0, sessions: 0, roundTrips: 0 };
    h.domains += 1;
    h.rcpts += rcpts;
    h.sessions += sessions;
    h.roundTrips += rcpts + sessions * overhead;
    hosts.set(host, h);
  }
  let busiest: LowerBound['busiest'] = { host: '', domains: 0, rcpts: 0, sessions: 0, ms: 0 };
  for (const [host, h] of hosts) {
    // perMx sessions at once, each a chain of round trips: the host's round trips shared among them,
    // and never less than its longest single session.
    const ms = Math.ceil(h.roundTrips / perMx) * latencyMs;
    if (ms > busiest.ms) busiest = { host, domains: h.domains, rcpts: h.rcpts, sessions: h.sessions, ms };
  }
  return { ms: 2 * latencyMs + busiest.ms, busiest, hosts: hosts.size };
}
