/**
 * The finder engine's ports over one world's verifier (finder/ports.ts): a DNS mail-host check, and
 * a candidate verifier that pools the questions of several people at one company into one
 * verifyEmails call, so their RCPTs share SMTP sessions.
 */
import type { Verifier } from '../app/worlds.ts';
import {
  type CandidateCheck,
  type CandidateVerifier,
  candidateAnswer,
  type DomainChecker,
  rcptsOf,
} from '../finder/index.ts';
import type { MailResolver, VerificationResult } from '../verify/index.ts';
import { verifyEmails } from '../verify/index.ts';

/** MX (not null), else A/AAAA (implicit MX), else none; asked once per domain for the run. */
export function dnsDomainChecker(resolver: MailResolver): DomainChecker {
  const seen = new Map<string, Promise<'mx' | 'a' | 'none' | 'error'>>();
  const ask = async (domain: string) => {
    const mx = await resolver.mx(domain);
    if (mx.kind === 'records') return mx.records.some((r) => r.exchange !== '' && r.exchange !== '.') ? 'mx' : 'none';
    if (mx.kind === 'nxdomain') return 'none';
    if (mx.kind === 'error') return 'error';
    const a = await resolver.addresses(domain);
    if (a.kind === 'records') return a.addresses.length > 0 ? 'a' : 'none';
    return a.kind === 'error' ? 'error' : 'none';
  };
  return {
    mailHost(domain) {
      const key = domain.toLowerCase();
      let answer = seen.get(key);
      if (!answer) {
        answer = ask(key);
        seen.set(key, answer);
      }
      return answer;
    },
  };
}

/** Runs the verifier on addresses within the run's time bound (epoch ms on the verifier's clock; null: none). */
export function verifierCall(
  v: Verifier,
  deadline: number | null,
  signal?: AbortSignal,
): (addresses: readonly string[]) => Promise<VerificationResult[]> {
  return (addresses) => {
    const left = deadline === null ? null : Math.max(0, deadline - v.ports.clock.now());
    const own = v.options.maxDurationMs;
    const maxDurationMs = left === null ? own : own === null ? left : Math.min(own, left);
    return verifyEmails(
      addresses,
      v.ports,
      { ...v.options, maxDurationMs },
      { state: v.state, ...(signal ? { signal } : {}) },
    );
  };
}

interface Waiting {
  addresses: readonly string[];
  resolve(answer: { checks: readonly CandidateCheck[]; rcpts: number }): void;
  reject(err: unknown): void;
}

/**
 * A verifier shared by the people being searched at one company at once. Each person's search is a
 * participant; when every participant still searching is waiting for an answer, their addresses go
 * to the verifier in one call (one domain's RCPTs on as few sessions as the server allows) and each
 * gets back its own checks. A domain once seen to accept everything is answered without SMTP: any
 * RCPT there would be accepted and prove nothing.
 */
export class PooledVerifier implements CandidateVerifier {
  private active = 0;
  private waiting: Waiting[] = [];

  constructor(
    private readonly call: (addresses: readonly string[]) => Promise<VerificationResult[]>,
    /** Catch-all domains seen in this run (shared by every pool of the run). */
    private readonly catchAll: Set<string> = new Set(),
  ) {}

  /** Runs one person's search as a participant of the pool. */
  async participate<T>(search: () => Promise<T>): Promise<T> {
    this.active += 1;
    try {
      return await search();
    } finally {
      this.active -= 1;
      this.flushIfAllWait();
    }
  }

  verify(addresses: readonly string[]): Promise<{ checks: readonly CandidateCheck[]; rcpts: number }> {
    const domain = addresses[0]?.slice(addresses[0].lastIndexOf('@') + 1).toLowerCase() ?? '';
    if (this.catchAll.has(domain)) {
      const checks = addresses.map((address) => ({ address, status: 'exists', catchAll: true, verdict: 'riskier' }));
      return Promise.resolve({ checks: checks as CandidateCheck[], rcpts: 0 });
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ addresses, resolve, reject });
      this.flushIfAllWait();
    });
  }

  private flushIfAllWait(): void {
    if (this.waiting.length === 0 || this.waiting.length < this.active) return;
    const batch = this.waiting;
    this.waiting = [];
    this.active -= batch.length; // in flight: counted again when they come back
    const all = batch.flatMap((w) => w.addresses);
    this.call(all).then(
      (results) => {
        const byAddress = new Map<string, VerificationResult>();
        for (const r of results) byAddress.set(r.email.toLowerCase(), r);
        let probeCharged = false;
        this.active += batch.length;
        for (const w of batch) {
          const mine = w.addresses.map((a) => byAddress.get(a.toLowerCase())).filter((r) => r !== undefined);
          const answer = candidateAnswer(mine);
          // The catch-all probe is one RCPT per call, whoever's addresses it came with: charge it once.
          const probe = answer.rcpts - mine.reduce((n, r) => n + rcptsOf(r), 0);
          const rcpts = answer.rcpts - (probe > 0 && probeCharged ? probe : 0);
          probeCharged ||= probe > 0;
          for (const c of answer.checks) if (c.catchAll === true) this.catchAll.add(domainOf(c.address));
          w.resolve({ checks: answer.checks, rcpts });
        }
      },
      (err: unknown) => {
        this.active += batch.length;
        for (const w of batch) w.reject(err);
      },
    );
  }
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
