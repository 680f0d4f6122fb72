import type { Verifier } from '../../src/app/worlds.ts';
import { loadConfig } from '../../src/config/config.ts';
import { systemClock } from '../../src/core/clock.ts';
import type { MailWorld } from '../../src/sandbox/mail-world.ts';
import { createVerifierState, optionsFor, portsFor } from '../../src/verify/index.ts';

/**
 * The verifier as the service runs sandbox work, over a started mail world: `perMx` sessions per
 * MX host, no provider rate caps (the sandbox's hosts have none), no overall time bound; and a
 * count of the SMTP connections it opens, which bench:verify and bench:find report.
 */
export function countingSandboxVerifier(mail: MailWorld, perMx: number): Verifier & { connections(): number } {
  const config = loadConfig({
    LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX: String(perMx),
    LEADFORGE_SMTP_HELO_NAME: 'bench.leadforge.test',
  });
  const world = {
    kind: 'sandbox' as const,
    dnsServer: mail.dnsServer,
    smtpPort: mail.smtpPort,
    disposableDomains: mail.world.disposableDomains,
  };
  const base = optionsFor(config, world);
  const options = {
    ...base,
    maxDurationMs: null,
    smtp: { ...base.smtp, providers: { '*': { sessionsPerMinute: Number.POSITIVE_INFINITY } } },
  };
  const ports = portsFor(config, world, systemClock);
  let connections = 0;
  const dialer = ports.dialer;
  ports.dialer = {
    connect: (target, timeoutMs) => {
      connections += 1;
      return dialer.connect(target, timeoutMs);
    },
    startTls: (socket, name, timeoutMs) => dialer.startTls(socket, name, timeoutMs),
  };
  return { ports, options, state: createVerifierState(systemClock, options), connections: () => connections };
}
