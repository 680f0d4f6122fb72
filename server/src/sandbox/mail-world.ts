import { type Clock, systemClock } from '../core/clock.ts';
import { startDnsServer } from './dns-server.ts';
import { startSmtpWorld } from './smtp-world.ts';
import { buildWorld, type WorldOptions } from './world/build-world.ts';
import type { World } from './world/types.ts';

export interface MailWorldOptions extends WorldOptions {
  /** A world already built (tests share one); otherwise one is built from seed, companies, peoplePerCompany. */
  readonly world?: World;
  /** LEADFORGE_SANDBOX_LATENCY_MS: added to every DNS answer and every SMTP reply. Default 0. */
  readonly latencyMs?: number;
  /** The port of every SMTP host. Default 0: any free port (read it back from smtpPort). */
  readonly smtpPort?: number;
  /** The DNS server's port on 127.0.0.1, UDP and TCP. Default 0: any free port. */
  readonly dnsPort?: number;
  /** The world's clock, which greylisting reads. Default: the system clock. */
  readonly clock?: Clock;
  /** How long greylisting defers a new (client, sender, recipient) triplet. Default 60 s. */
  readonly greylistDelayMs?: number;
  /** How long the slow-greeting host waits before its 220. Default 3 s. */
  readonly slowGreetingMs?: number;
}

export interface MailWorld {
  /** Give this to a resolver's setServers(): '127.0.0.1:PORT'. */
  readonly dnsServer: string;
  readonly dnsPort: number;
  /** Connect to an MX host's address on this port instead of 25. */
  readonly smtpPort: number;
  readonly world: World;
  close(): Promise<void>;
}

export const DEFAULT_GREYLIST_DELAY_MS = 60_000;
export const DEFAULT_SLOW_GREETING_MS = 3_000;

/** Starts the sandbox's DNS server and SMTP hosts over one world; close() stops them all. */
export async function startMailWorld(options: MailWorldOptions = {}): Promise<MailWorld> {
  const world = options.world ?? buildWorld(options);
  const latencyMs = options.latencyMs ?? 0;
  const smtp = await startSmtpWorld({
    world,
    port: options.smtpPort ?? 0,
    latencyMs,
    clock: options.clock ?? systemClock,
    greylistDelayMs: options.greylistDelayMs ?? DEFAULT_GREYLIST_DELAY_MS,
    slowGreetingMs: options.slowGreetingMs ?? DEFAULT_SLOW_GREETING_MS,
  });
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  try {
    dns = await startDnsServer({ world, port: options.dnsPort ?? 0, latencyMs });
  } catch (err) {
    await smtp.close();
    throw err;
  }
  return {
    dnsServer: `127.0.0.1:${dns.port}`,
    dnsPort: dns.port,
    smtpPort: smtp.port,
    world,
    close: async () => {
      await Promise.all([smtp.close(), dns.close()]);
    },
  };
}
