// The sandbox world of bench:extract in a process of its own, so that the measured process holds
// only the service: the default world's simulated sales tool (no per-member request budget: the
// bench runs unpaced) and its mail world (DNS and SMTP, greylisting shortened as the bench says).
// Prints one JSON line, {salesToolUrl, certificatePem, dnsServer, smtpPort}, once listening; stops
// when its standard input closes (the parent exited) or on SIGTERM.
// Usage: node --import tsx server/bench/extract/world-process.ts GREYLIST_MS
import { startMailWorld } from '../../src/sandbox/mail-world.ts';
import { startSalesTool } from '../../src/sandbox/salestool/server.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';

const world = buildWorld({});
const mail = await startMailWorld({ world, greylistDelayMs: Number(process.argv[2] ?? 60_000) });
const tool = await startSalesTool({ world, rateLimit: false });
process.stdout.write(
  `${JSON.stringify({ salesToolUrl: tool.baseUrl, certificatePem: tool.certificatePem, dnsServer: mail.dnsServer, smtpPort: mail.smtpPort })}\n`,
);
const stop = () => void Promise.all([mail.close(), tool.close()]).then(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.once('SIGTERM', stop);
