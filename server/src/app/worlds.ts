import { readFileSync } from 'node:fs';
import type https from 'node:https';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import type { Config } from '../config/config.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { agentFor, type SalesToolEndpoint } from '../salestool/http.ts';
import { type MailWorld, type MailWorldOptions, startMailWorld } from '../sandbox/mail-world.ts';
import { SALES_TOOL_HOST, type SalesToolServer, serveSalesTool, startSalesTool } from '../sandbox/salestool/server.ts';
import { serveMailWorld } from '../sandbox/serve-mail-world.ts';
import { buildWorld } from '../sandbox/world/build-world.ts';
import type { World } from '../sandbox/world/types.ts';
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

/** How one world's seats reach the sales tool: where, trusting what, and how paced. */
export interface SalesToolAccess {
  endpoint: SalesToolEndpoint;
  /** Shared keep-alive connections to that endpoint. */
  agent: https.Agent;
  pacing: 'human' | 'off';
}

export interface WorldsOptions {
  /** The verifier's clock. Real time by default, whatever the app's clock: sockets time out in real time. */
  clock?: Clock;
  /** The sandbox mail world's options beyond its latency (tests and benchmarks: a smaller world, shorter delays). */
  sandbox?: Omit<MailWorldOptions, 'latencyMs'>;
  /** Adjusts the engine's options once built (tests: shorter SMTP timeouts). */
  tune?: (options: VerifierOptions, mode: KeyKind) => VerifierOptions;
  /** The sandbox sales tool's time: sandbox time (recurring/world-time.ts). Default: the clock above. */
  toolClock?: Clock;
  /** The sandbox sales tool's options beyond world, clock and latency (tests: no 429s). */
  salesTool?: { rateLimit?: false; profileErrorRate?: number };
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
  private sandboxModel: World | null = null;
  private sandboxTool: Promise<SalesToolServer> | null = null;
  private liveTool: SalesToolAccess | null = null;
  private sandboxToolAccess: Promise<SalesToolAccess> | null = null;
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
        world: this.sandboxWorldModel(),
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

  /** The sandbox's world model, built once and shared by its mail world and its sales tool. */
  sandboxWorldModel(): World {
    this.sandboxModel ??= this.opts.sandbox?.world ?? buildWorld(this.opts.sandbox ?? {});
    return this.sandboxModel;
  }

  /**
   * The sandbox's simulated sales tool, started on first use on LEADFORGE_SANDBOX_SALESTOOL_PORT,
   * or on any free port when that one is taken (another simulator of the same world already
   * serves it there, and accepts the same sessions: see sandbox/salestool/tool.ts).
   */
  salesToolServer(): Promise<SalesToolServer> {
    if (this.closed) return Promise.reject(new Error('the worlds are closed'));
    this.sandboxTool ??= (async () => {
      const options = {
        world: this.sandboxWorldModel(),
        clock: this.opts.toolClock ?? this.clock,
        latencyMs: this.config.sandboxLatencyMs,
        // Searches saved on sandbox seats outlive the process, and every process of the install sees them.
        savedSearchDir: join(this.config.dataDir, 'sandbox', 'saved-searches'),
        ...this.opts.salesTool,
      };
      try {
        return await startSalesTool({ ...options, port: this.config.sandboxSalesToolPort });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        return startSalesTool({ ...options, port: 0 });
      }
    })();
    this.sandboxTool.catch(() => {
      this.sandboxTool = null;
    });
    return this.sandboxTool;
  }

  /** Where a key's seats reach the sales tool: the real one for live keys, the simulator for test keys. */
  async salesTool(mode: KeyKind): Promise<SalesToolAccess> {
    if (mode === 'live') {
      if (!this.liveTool) {
        const { url, caFile } = this.config.salesTool;
        // Extra roots join the system's (tls.rootCertificates), never replace them.
        const endpoint = caFile
          ? { baseUrl: url, ca: [...rootCertificates, readFileSync(caFile, 'utf8')].join('\n') }
          : { baseUrl: url };
        this.liveTool = { endpoint, agent: agentFor(endpoint), pacing: this.config.salesTool.pacing };
      }
      return this.liveTool;
    }
    this.sandboxToolAccess ??= this.salesToolServer().then((tool) => {
      // The simulator's own certificate is the only root trusted for it; TLS is never turned off.
      const endpoint = { baseUrl: tool.baseUrl, ca: tool.certificatePem, servername: SALES_TOOL_HOST };
      return { endpoint, agent: agentFor(endpoint), pacing: 'off' as const };
    });
    this.sandboxToolAccess.catch(() => {
      this.sandboxToolAccess = null;
    });
    return this.sandboxToolAccess;
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
    const tool = this.sandboxTool;
    this.sandboxTool = null;
    if (tool) await tool.then((t) => t.close()).catch(() => {});
    for (const access of [this.liveTool, await this.sandboxToolAccess?.catch(() => null)]) access?.agent.destroy();
  }
}

export type { MailWorld, MailWorldOptions };
/** `leadforge sandbox serve`: the world on its own (the CLI reaches the sandbox only through app/). */
export { serveMailWorld, serveSalesTool };
