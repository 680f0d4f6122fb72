import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import type { ManualClock } from '../core/clock.ts';
import { NodeMailResolver } from './dns/node-resolver.ts';
import { createVerifierState } from './options.ts';
import { verifyEmails } from './scheduler.ts';
import { optionsFor } from './settings.ts';
import { harness } from './test-support/harness.ts';
import type { ManualTimers } from './test-support/manual-timers.ts';
import type { VerificationResult } from './types.ts';

/**
 * The engine against the sandbox mail world (server/src/sandbox: a DNS server and SMTP hosts on
 * loopback, with ground-truth verdicts). Loaded by path, so this file stands while that one is
 * being written; it runs whenever the mail world is there.
 */
const sandboxDir = fileURLToPath(new URL('../sandbox/', import.meta.url));
const available = existsSync(`${sandboxDir}mail-world.ts`) && existsSync(`${sandboxDir}world/ground-truth.ts`);

interface Expectation {
  verdict: string;
  reason: string;
}
// biome-ignore lint/suspicious/noExplicitAny: the sandbox's types are not imported, on purpose
type Loose = any;

/** Moves the manual clock to each sleep's end until the run is over (greylist retries). */
async function drive<T>(run: Promise<T>, timers: ManualTimers): Promise<T> {
  let done = false;
  run.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  while (!done) {
    const next = timers.pending()[0];
    if (next !== undefined) timers.advance(Math.max(0, next));
    else await new Promise((resolve) => setTimeout(resolve, 10)); // wait for the next sleep, or the end
  }
  return run;
}

describe.skipIf(!available)('against the sandbox mail world', () => {
  let mail: Loose;
  let expectedVerdict: (world: Loose, address: string) => Expectation;
  let fixed: { address: string; verdict: string }[];
  const h = harness({}, 0, { smtp: { timeouts: { connectMs: 2_000, greetingMs: 1_500, commandMs: 2_000 } } });

  beforeAll(async () => {
    const load = (path: string) => import(pathToFileURL(`${sandboxDir}${path}`).href) as Promise<Loose>;
    const [{ startMailWorld }, truth, cases] = await Promise.all([
      load('mail-world.ts'),
      load('world/ground-truth.ts'),
      load('world/fixed-cases.ts'),
    ]);
    expectedVerdict = truth.expectedVerdict;
    fixed = cases.FIXED_ADDRESSES;
    mail = await startMailWorld({
      seed: 'verify-engine',
      companies: 40,
      peoplePerCompany: 3,
      clock: h.clock as ManualClock,
      slowGreetingMs: 100,
    });
  });
  afterAll(() => mail?.close());

  async function verifyAll(addresses: string[]): Promise<VerificationResult[]> {
    const world = {
      kind: 'sandbox' as const,
      dnsServer: mail.dnsServer,
      smtpPort: mail.smtpPort,
      disposableDomains: mail.world.disposableDomains,
    };
    const config = loadConfig({
      LEADFORGE_SMTP_HELO_NAME: 'verifier.leadforge.test',
      LEADFORGE_SMTP_MAIL_FROM: 'probe@leadforge.test',
    });
    const base = optionsFor(config, world);
    // Greylist retries as configured; no bound (drive() jumps the clock to every sleep, the bound's
    // too); shorter timeouts so the silent host fails fast; no rate caps.
    const options = {
      ...base,
      maxDurationMs: null,
      smtp: { ...base.smtp, timeouts: h.options.smtp.timeouts, providers: h.options.smtp.providers },
    };
    const ports = {
      ...h.ports,
      resolver: new NodeMailResolver(h.clock, { servers: [mail.dnsServer], timeoutMs: 1_000, tries: 1 }),
    };
    return drive(verifyEmails(addresses, ports, options, { state: createVerifierState(h.clock, options) }), h.timers);
  }

  it('every documented fixed address gets its documented verdict', async () => {
    const results = await verifyAll(fixed.map((f) => f.address));
    const wrong = results
      .map((r, i) => ({
        address: r.email,
        got: r.verdict,
        want: fixed[i]!.verdict,
        why: r.reasons.map((x) => x.code),
        smtp: r.details.smtp,
      }))
      .filter((x) => x.got !== x.want);
    expect(wrong).toEqual([]);
  });

  it('company mailboxes, unknown addresses and role accounts match the ground truth', async () => {
    const world = mail.world;
    const addresses: string[] = [];
    for (const person of world.people as { email: string }[]) addresses.push(person.email);
    for (const company of (world.companies as { domain: string; roleAddresses: string[] }[]).slice(0, 20)) {
      addresses.push(`zz.nobody@${company.domain}`, ...company.roleAddresses.slice(0, 1));
    }
    const results = await verifyAll(addresses);
    const wrong = results
      .map((r) => ({
        address: r.email,
        got: r.verdict,
        want: expectedVerdict(world, r.email),
        why: r.reasons.map((x) => x.code),
      }))
      .filter((x) => x.got !== x.want.verdict);
    expect(wrong).toEqual([]);
    expect(results.length).toBeGreaterThan(100);
  });
});
