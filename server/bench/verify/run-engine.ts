import { loadConfig } from '../../src/config/config.ts';
import { systemClock } from '../../src/core/clock.ts';
import { startMailWorld } from '../../src/sandbox/mail-world.ts';
import {
  createVerifierState,
  optionsFor,
  portsFor,
  type VerificationResult,
  verifyEmails,
} from '../../src/verify/index.ts';
import type { Workload } from './workload.ts';

export interface EngineRun {
  ms: number;
  addresses: number;
  connections: number;
  verdicts: Record<string, number>;
  rssPeakMb: number;
}

/**
 * The engine over the sandbox mail world with `latencyMs` on every DNS answer and SMTP reply and
 * `perMx` sessions per MX host, as the service runs sandbox work (no provider rate caps: the
 * sandbox's hosts have none). Counts the SMTP connections opened.
 */
export async function runEngine(work: Workload, latencyMs: number, perMx: number): Promise<EngineRun> {
  const mail = await startMailWorld({ world: work.world, latencyMs });
  try {
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
    let rssPeak = 0;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 200);
    const verdicts: Record<string, number> = {};
    let finished = 0;
    const started = performance.now();
    const progress = setInterval(
      () => process.stderr.write(`  engine: ${finished}/${work.addresses.length}\n`),
      15_000,
    );
    try {
      await verifyEmails(work.addresses, ports, options, {
        state: createVerifierState(systemClock, options),
        keepResults: false,
        onResult: (r: VerificationResult) => {
          finished += 1;
          verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
        },
      });
    } finally {
      clearInterval(sampler);
      clearInterval(progress);
    }
    return {
      ms: performance.now() - started,
      addresses: work.addresses.length,
      connections,
      verdicts,
      rssPeakMb: Math.round(rssPeak / 1e6),
    };
  } finally {
    await mail.close();
  }
}
