import type { Config } from '../config/config.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { type MailWorld, type MailWorldOptions, startMailWorld } from '../sandbox/mail-world.ts';
import { serveMailWorld } from '../sandbox/serve-mail-world.ts';
import type { KeyKind } from '../store/schema.ts';
import {
  createVerifierState,
  optionsFor,
  portsFor,
  type VerifierOptions,
  type VerifierPorts,
  type VerifierState,
} from '../verify/index.ts';

/** What the verification engine needs for one world: its ports, its options, and the shared state. */
export interface Verifier {
  ports: VerifierPorts;
  options: VerifierOptions;
  state: VerifierState;
}

export interface WorldsOptions {
  /** The verifier's clock. Real time by default, whatever the app's clock: sockets time out in real time. */
  clock?: Clock;
  /** The sandbox mail world's options beyond its latency (tests and benchmarks: a smaller world, shorter delays). */
  sandbox?: Omit<MailWorldOptions, 'latencyMs'>;
  /** Adjusts the engine's options once built (tests: shorter SMTP timeouts). */
  tune?: (options: VerifierOptions, mode: KeyKind) => VerifierOptions;
}

/**
 * The two worlds of architecture.md's principle 10, as the verifier sees them: `live` keys reach
 * the real DNS and SMTP with the LEADFORGE_* settings; `test` keys reach the sandbox mail world,
 * started once per process on first use (LEADFORGE_SANDBOX_LATENCY_MS, the default seed) and
 * stopped by close(). Each world has one engine state (connection slots, rate caps, catch-all
 * answers) shared by every check and job of the process.
 *
 * The sandbox's hosts impose no rate caps, and its slow cases are the world's own; so the sandbox
 * verifier runs without provider rate caps (live ones protect a real egress address's reputation).
 */
export class Worlds {
  private live: Verifier | null = null;
  private sandbox: Promise<{ mail: MailWorld; verifier: Verifier }> | null = null;
  private closed = false;
  private readonly clock: Clock;

  constructor(
    private readonly config: Config,
    private readonly opts: WorldsOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
  }

  /** The verifier for a key's mode; the sandbox's mail world starts on the first call for `test`. */
  async verifier(mode: KeyKind): Promise<Verifier> {
    if (mode === 'live') {
      this.live ??= this.build(
        'live',
        optionsFor(this.config, { kind: 'live' }),
        portsFor(this.config, { kind: 'live' }, this.clock),
      );
      return this.live;
    }
    return (await this.sandboxWorld()).verifier;
  }

  /** The sandbox's mail world (started if it is not yet). */
  async mailWorld(): Promise<MailWorld> {
    return (await this.sandboxWorld()).mail;
  }

  private sandboxWorld(): Promise<{ mail: MailWorld; verifier: Verifier }> {
    if (this.closed) return Promise.reject(new Error('the worlds are closed'));
    this.sandbox ??= (async () => {
      const mail = await startMailWorld({
        clock: this.clock,
        ...this.opts.sandbox,
        latencyMs: this.config.sandboxLatencyMs,
      });
      const world = {
        kind: 'sandbox' as const,
        dnsServer: mail.dnsServer,
        smtpPort: mail.smtpPort,
        disposableDomains: mail.world.disposableDomains,
      };
      const base = optionsFor(this.config, world);
      const options = {
        ...base,
        smtp: { ...base.smtp, providers: { '*': { sessionsPerMinute: Number.POSITIVE_INFINITY } } },
      };
      return { mail, verifier: this.build('test', options, portsFor(this.config, world, this.clock)) };
    })();
    this.sandbox.catch(() => {
      this.sandbox = null; // a failed start is tried again by the next caller
    });
    return this.sandbox;
  }

  private build(mode: KeyKind, built: VerifierOptions, ports: VerifierPorts): Verifier {
    const options = this.opts.tune ? this.opts.tune(built, mode) : built;
    return { ports, options, state: createVerifierState(this.clock, options) };
  }

  async close(): Promise<void> {
    this.closed = true;
    const started = this.sandbox;
    this.sandbox = null;
    if (started) await started.then(({ mail }) => mail.close()).catch(() => {});
  }
}

export type { MailWorld, MailWorldOptions };
/** `leadforge sandbox serve`: the mail world on its own (the CLI reaches the sandbox only through app/). */
export { serveMailWorld };
