import type { Command } from 'commander';
import { durationMs, SandboxClockAdvanceInSchema } from '../../../../lib/contract/recurring.ts';
import { serveMailWorld, serveSalesTool } from '../../app/worlds.ts';
import { loadConfig } from '../../config/config.ts';
import { positiveInt, print, withApp } from '../with-app.ts';

/** Stable ports for people pointing dig or swaks at the sandbox by hand. */
const HUMAN_DNS_PORT = 5354;
const HUMAN_SMTP_PORT = 2525;

export function sandboxCommands(program: Command): void {
  const sandbox = program.command('sandbox').description('The simulated world that lf_test_ keys act on');
  sandbox
    .command('serve')
    .description('Run the sandbox world (sales tool over HTTPS, DNS and SMTP on loopback) and say where each listens')
    .option('--seed <seed>', 'the world seed (default: leadforge, as the service uses)')
    .option('--companies <n>', 'generated companies (default 2000)', positiveInt)
    .option('--dns-port <port>', 'DNS port on 127.0.0.1, UDP and TCP (0: any free)', String(HUMAN_DNS_PORT))
    .option('--smtp-port <port>', 'SMTP port of every mail host (0: any free)', String(HUMAN_SMTP_PORT))
    .option('--salestool-port <port>', 'HTTPS port of the sales tool (default LEADFORGE_SANDBOX_SALESTOOL_PORT, 8443)')
    .action(
      async (opts: {
        seed?: string;
        companies?: number;
        dnsPort: string;
        smtpPort: string;
        salestoolPort?: string;
      }) => {
        const config = loadConfig();
        const stopped = new Promise<void>((resolve) => {
          process.once('SIGINT', () => resolve());
          process.once('SIGTERM', () => resolve());
        });
        const mail = await serveMailWorld(
          {
            ...(opts.seed ? { seed: opts.seed } : {}),
            ...(opts.companies ? { companies: opts.companies } : {}),
            dnsPort: Number(opts.dnsPort),
            smtpPort: Number(opts.smtpPort),
            latencyMs: config.sandboxLatencyMs,
          },
          print,
        );
        const tool = await serveSalesTool(
          {
            world: mail.world,
            latencyMs: config.sandboxLatencyMs,
            port: Number(opts.salestoolPort ?? config.sandboxSalesToolPort),
          },
          print,
        );
        await stopped;
        await Promise.all([mail.close(), tool.close()]);
      },
    );

  const clock = sandbox
    .command('clock')
    .description('Sandbox time: what the sandbox world and lf_test_ schedules run in (prints it)')
    .action(async () => {
      const read = await withApp((app) => app.sandboxClock.read());
      print(`Sandbox time: ${read.now} (${describeOffset(read.offset_seconds)})`);
    });
  clock
    .command('advance <duration>')
    .description('Move sandbox time forward (90m, 12h, 7d; at most 366d) and make the recurring runs that came due')
    .action(async (duration: string) => {
      const parsed = SandboxClockAdvanceInSchema.safeParse({ advance: duration });
      if (!parsed.success) {
        process.stderr.write(`${duration}: the duration must be like 90m, 12h or 7d (at most 366d)\n`);
        process.exitCode = 2;
        return;
      }
      const moved = await withApp((app) => app.sandboxClock.advance(durationMs(duration)));
      print(`Sandbox time: ${moved.now} (${describeOffset(moved.offset_seconds)})`);
      print(`Recurring runs made: ${moved.runs_fired}`);
    });
}

function describeOffset(seconds: number): string {
  if (seconds === 0) return 'real time';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const parts = [days && `${days}d`, hours && `${hours}h`, minutes && `${minutes}m`].filter(Boolean);
  return `${parts.join(' ') || `${seconds}s`} ahead of real time`;
}
