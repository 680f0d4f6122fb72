import { hostname } from 'node:os';
import type { Config } from '../config/config.ts';
import type { Clock } from '../core/clock.ts';
import { NodeMailResolver } from './dns/node-resolver.ts';
import { type VerifierOptions, verifierOptions } from './options.ts';
import type { VerifierPorts } from './ports.ts';
import { NetSmtpDialer, parseSocksUrl } from './smtp/dialer.ts';
import { systemTimers } from './timers.ts';

/**
 * From Config to the engine's options and ports, for the shells (service, jobs, CLI). The live
 * world uses the configured DNS servers, SMTP port and proxy, and the private-MX guard; a sandbox
 * mail world gives its own DNS server and SMTP port and lives on loopback, so it skips the guard
 * and the proxy (architecture.md, principle 10: the world is the set of ports).
 */
export type VerifyWorld =
  | { kind: 'live' }
  /** What startMailWorld returns; its disposable domains are sandbox names, on no public list. */
  | { kind: 'sandbox'; dnsServer: string; smtpPort: number; disposableDomains?: readonly string[] };

/** The HELO name: the configured one, else this machine's name (which should have matching rDNS). */
export const heloNameOf = (config: Config): string => config.verify.heloName ?? hostname();

/** The reverse-path: `<>` in config is the null sender; unset: verify@<HELO name>. */
export function mailFromOf(config: Config): string {
  const configured = config.verify.mailFrom;
  if (configured === '<>') return '';
  return configured ?? `verify@${heloNameOf(config)}`;
}

export function optionsFor(config: Config, world: VerifyWorld): VerifierOptions {
  const sandbox = world.kind === 'sandbox';
  return verifierOptions({
    greylistRetryDelaysMs: config.verify.greylistRetryDelaysMs,
    maxConnectionsPerMx: config.verify.maxConnectionsPerMx,
    maxDurationMs: config.verify.maxDurationMs,
    extraDisposableDomains: sandbox ? (world.disposableDomains ?? []) : [],
    smtp: {
      heloName: heloNameOf(config),
      mailFrom: mailFromOf(config),
      port: sandbox ? world.smtpPort : config.verify.smtpPort,
      allowPrivateMx: sandbox || config.verify.allowPrivateMx,
    },
  });
}

export function portsFor(config: Config, world: VerifyWorld, clock: Clock): VerifierPorts {
  if (world.kind === 'sandbox') {
    return {
      resolver: new NodeMailResolver(clock, { servers: [world.dnsServer] }),
      dialer: new NetSmtpDialer(null),
      clock,
      timers: systemTimers,
    };
  }
  const proxy = config.verify.socksProxy ? parseSocksUrl(config.verify.socksProxy) : null;
  return {
    resolver: new NodeMailResolver(clock, { servers: config.verify.dnsServers }),
    dialer: new NetSmtpDialer(proxy),
    clock,
    timers: systemTimers,
  };
}
