import { promises as dns } from 'node:dns';
import type { Clock } from '../../core/clock.ts';
import type { AddressAnswer, DnsFailure, MailResolver, MxAnswer } from '../ports.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * The production Resolver port over node's c-ares resolver (not getaddrinfo: it would use the
 * system's cache and the libuv thread pool, and cannot tell NXDOMAIN from SERVFAIL).
 *
 * Caching [inference from RFC 2308 and verification.md §2]: positive answers live for their TTL
 * clamped to [60 s, 1 h] (node exposes no TTL for MX, so MX answers get 1 h); NXDOMAIN and NODATA
 * 5 minutes; SERVFAIL and timeouts 1 minute, so a passing outage is retried soon.
 */
export interface NodeResolverOptions {
  /** `ip` or `ip:port` ([v6]:port) entries; empty for the system's servers. */
  servers?: readonly string[];
  timeoutMs?: number;
  tries?: number;
  maxEntries?: number;
}

const MINUTE = 60_000;
const POSITIVE_MX_MS = 60 * MINUTE;
const NEGATIVE_MS = 5 * MINUTE;
const ERROR_MS = MINUTE;

/** The failure kind of a c-ares error code. */
export function dnsFailureOf(err: unknown): DnsFailure {
  const code = (err as NodeJS.ErrnoException)?.code ?? 'UNKNOWN';
  if (code === 'ENOTFOUND') return { kind: 'nxdomain' };
  if (code === 'ENODATA') return { kind: 'nodata' };
  return { kind: 'error', code: code.replace(/^E(?=[A-Z])/, '') };
}

const ttlOfFailure = (f: DnsFailure): number => (f.kind === 'error' ? ERROR_MS : NEGATIVE_MS);

export class NodeMailResolver implements MailResolver {
  private readonly resolver: dns.Resolver;
  private readonly cache: TtlCache<MxAnswer | AddressAnswer>;
  // Concurrent questions for one name share one lookup (a bulk list has many addresses per domain).
  private readonly inFlight = new Map<string, Promise<MxAnswer | AddressAnswer>>();

  constructor(clock: Clock, options: NodeResolverOptions = {}) {
    this.resolver = new dns.Resolver({ timeout: options.timeoutMs ?? 2500, tries: options.tries ?? 2 });
    if (options.servers && options.servers.length > 0) this.resolver.setServers([...options.servers]);
    this.cache = new TtlCache(clock, {
      minMs: MINUTE,
      maxMs: POSITIVE_MX_MS,
      maxEntries: options.maxEntries ?? 10_000,
    });
  }

  mx(domain: string): Promise<MxAnswer> {
    return this.cached(`mx:${domain}`, async () => {
      try {
        const records = await this.resolver.resolveMx(domain);
        if (records.length === 0) return { answer: { kind: 'nodata' }, ttl: NEGATIVE_MS };
        return { answer: { kind: 'records', records }, ttl: POSITIVE_MX_MS };
      } catch (err) {
        const failure = dnsFailureOf(err);
        return { answer: failure, ttl: ttlOfFailure(failure) };
      }
    }) as Promise<MxAnswer>;
  }

  addresses(host: string): Promise<AddressAnswer> {
    return this.cached(`a:${host}`, async () => {
      const [v4, v6] = await Promise.all([
        this.resolver.resolve4(host, { ttl: true }).catch((err: unknown) => dnsFailureOf(err)),
        this.resolver.resolve6(host, { ttl: true }).catch((err: unknown) => dnsFailureOf(err)),
      ]);
      const found = [...(Array.isArray(v4) ? v4 : []), ...(Array.isArray(v6) ? v6 : [])];
      if (found.length > 0) {
        const ttl = Math.min(...found.map((r) => r.ttl)) * 1000;
        return { answer: { kind: 'records', addresses: found.map((r) => r.address) }, ttl };
      }
      // Both failed: NXDOMAIN wins (the name is gone), then an error (say nothing), then NODATA.
      const failures = [v4, v6] as DnsFailure[];
      const failure =
        failures.find((f) => f.kind === 'nxdomain') ??
        failures.find((f) => f.kind === 'error') ??
        ({ kind: 'nodata' } as DnsFailure);
      return { answer: failure, ttl: ttlOfFailure(failure) };
    }) as Promise<AddressAnswer>;
  }

  private cached(
    key: string,
    lookup: () => Promise<{ answer: MxAnswer | AddressAnswer; ttl: number }>,
  ): Promise<MxAnswer | AddressAnswer> {
    const hit = this.cache.get(key);
    if (hit) return Promise.resolve(hit);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = lookup()
      .then(({ answer, ttl }) => {
        this.cache.set(key, answer, ttl);
        return answer;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}
