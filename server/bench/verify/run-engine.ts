import { startMailWorld } from '../../src/sandbox/mail-world.ts';
import { type VerificationResult, verifyEmails } from '../../src/verify/index.ts';
import { countingSandboxVerifier } from '../lib/sandbox-verifier.ts';
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
    const { ports, options, state, connections } = countingSandboxVerifier(mail, perMx);
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
        state,
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
      connections: connections(),
      verdicts,
      rssPeakMb: Math.round(rssPeak / 1e6),
    };
  } finally {
    await mail.close();
  }
}
