import { ManualClock } from '../../core/clock.ts';
import { createVerifierState, type VerifierOptions, verifierOptions } from '../options.ts';
import type { VerifierPorts } from '../ports.ts';
import { NetSmtpDialer } from '../smtp/dialer.ts';
import type { SmtpSettings } from '../smtp/mx-walk.ts';
import { ManualTimers } from './manual-timers.ts';
import { StaticResolver, type StaticZone } from './static-resolver.ts';

/** A deterministic "random" source: the same sequence each run. */
export function seededRandom(seed = 1): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Ports on a manual clock, real sockets, a DNS table; options for loopback servers on `port`. */
export function harness(
  zones: Record<string, StaticZone>,
  port: number,
  overrides: Partial<Omit<VerifierOptions, 'smtp'>> & { smtp?: Partial<SmtpSettings> } = {},
) {
  const clock = new ManualClock();
  const timers = new ManualTimers(clock);
  const resolver = new StaticResolver(zones);
  const ports: VerifierPorts = { resolver, dialer: new NetSmtpDialer(), clock, timers, random: seededRandom() };
  const { smtp, ...rest } = overrides;
  const options = verifierOptions({
    maxDurationMs: null,
    ...rest,
    smtp: {
      heloName: 'verifier.leadforge.test',
      mailFrom: 'probe@leadforge.test',
      port,
      allowPrivateMx: true,
      // Rate caps are tested on their own; here sessions start at once.
      providers: { '*': { sessionsPerMinute: Number.POSITIVE_INFINITY } },
      timeouts: { connectMs: 5_000, greetingMs: 5_000, commandMs: 5_000 },
      ...smtp,
    },
  });
  const state = createVerifierState(clock, options);
  return { clock, timers, resolver, ports, options, state };
}
