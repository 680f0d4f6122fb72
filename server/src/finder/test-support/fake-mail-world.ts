/**
 * A fake of the finder's ports for tests: a table of domains (mail host, catch-all, which mailboxes
 * exist, whether the server answers at all) and a verifier that answers from it, counting RCPTs as a
 * real session would (one per address, plus the catch-all probe the first time a domain is seen).
 */
import type { Verdict } from '../../verify/index.ts';
import type { LearnedPattern } from '../patterns/learn-pattern.ts';
import type { CandidateCheck, FinderPorts, MailHost } from '../ports.ts';

export interface FakeDomain {
  host?: MailHost;
  catchAll?: boolean;
  /** Local parts that exist; a value other than 'safe' is the verifier's verdict for it (full inbox → riskier). */
  mailboxes?: Record<string, Verdict>;
  /** The server answers nothing useful (blocked, timeouts): every check is unknown. */
  silent?: boolean;
  /** The verifier finds no mail host (a fake DNS disagreeing with the checker). */
  verifierNoMailHost?: boolean;
  learned?: LearnedPattern;
}

export interface FakeWorld {
  ports: FinderPorts;
  /** Each verify call's addresses, in order. */
  calls: string[][];
  hostChecks: string[];
}

export function fakeWorld(domains: Record<string, FakeDomain>, known: Record<string, string> = {}): FakeWorld {
  const calls: string[][] = [];
  const hostChecks: string[] = [];
  const probed = new Set<string>();
  const check = (address: string): CandidateCheck => {
    const [local = '', domain = ''] = address.split('@');
    const d = domains[domain] ?? {};
    if (d.verifierNoMailHost) return { address, status: 'no_mail_host', catchAll: null, verdict: 'invalid' };
    if (d.silent) return { address, status: 'unknown', catchAll: null, verdict: 'suspect' };
    if (d.catchAll) return { address, status: 'exists', catchAll: true, verdict: 'riskier' };
    const verdict = d.mailboxes?.[local];
    return verdict
      ? { address, status: 'exists', catchAll: false, verdict }
      : { address, status: 'absent', catchAll: false, verdict: 'invalid' };
  };
  const ports: FinderPorts = {
    verifier: {
      verify: async (addresses) => {
        calls.push([...addresses]);
        const domain = addresses[0]?.split('@')[1] ?? '';
        const probe = probed.has(domain) || domains[domain]?.silent ? 0 : 1;
        probed.add(domain);
        return { checks: addresses.map(check), rcpts: addresses.length + probe };
      },
    },
    domains: {
      mailHost: async (domain) => {
        hostChecks.push(domain);
        return domains[domain]?.host ?? (domains[domain] ? 'mx' : 'none');
      },
    },
    knownDomains: { lookup: async (key) => known[key] ?? null },
    patterns: { learned: async (domain) => domains[domain]?.learned ?? null },
  };
  return { ports, calls, hostChecks };
}
