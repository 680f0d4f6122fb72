import type { Duplex } from 'node:stream';
import type { Clock } from '../core/clock.ts';

/**
 * The verifier's only ways out to the world (architecture.md, principle 2). Production passes the
 * real DNS and sockets; the sandbox passes its mail world's DNS server and port; tests pass fakes.
 */

/** Why a DNS question got no records. NXDOMAIN (the name does not exist) is told apart from NODATA
 * (it exists, without records of that type) and from failures that say nothing about the name. */
export type DnsFailure = { kind: 'nodata' } | { kind: 'nxdomain' } | { kind: 'error'; code: string }; // SERVFAIL, TIMEOUT, REFUSED, CONNREFUSED, ...

export interface MxRecord {
  exchange: string; // '' (or '.') is the null MX of RFC 7505
  priority: number;
}

export type MxAnswer = { kind: 'records'; records: MxRecord[] } | DnsFailure;
export type AddressAnswer = { kind: 'records'; addresses: string[] } | DnsFailure;

export interface MailResolver {
  mx(domain: string): Promise<MxAnswer>;
  /** IPv4 addresses first, then IPv6 (many egress networks have no IPv6). */
  addresses(host: string): Promise<AddressAnswer>;
}

export interface DialTarget {
  host: string; // the MX host name, for SNI and the proxy's logs
  address: string; // the IP that was checked by the guard: the one connected to
  port: number;
}

/** Opens SMTP transport connections. The dialogue itself is the client's business. */
export interface SmtpDialer {
  connect(target: DialTarget, timeoutMs: number): Promise<Duplex>;
  /** Wraps an open connection in TLS after STARTTLS (certificates are not checked: opportunistic TLS). */
  startTls(socket: Duplex, servername: string, timeoutMs: number): Promise<Duplex>;
}

/** Waiting as a port, so greylisting delays and rate caps can be driven by a manual clock in tests. */
export interface Timers {
  /** Resolves after `ms`, or early (without error) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface VerifierPorts {
  resolver: MailResolver;
  dialer: SmtpDialer;
  clock: Clock;
  timers: Timers;
  /** Uniform in [0, 1): MX tie shuffling and catch-all probe names. Defaults to crypto randomness. */
  random?: () => number;
}
