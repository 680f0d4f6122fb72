// The bench workload's mail world in a process of its own, so that the job's process holds only the
// service: the sandbox's SMTP hosts (their sessions, their server-side TLS) are the other end of
// the wire, not the verifier's memory. Prints one JSON line, {dnsServer, smtpPort}, once listening;
// stops when its standard input closes (the parent exited) or on SIGTERM.
// Usage: node --import tsx server/bench/verify/world-process.ts ADDRESSES DOMAINS
import { startMailWorld } from '../../src/sandbox/mail-world.ts';
import { buildWorkload } from './workload.ts';

const count = Number(process.argv[2] ?? 100_000);
const domains = Number(process.argv[3] ?? 200);
const mail = await startMailWorld({ world: buildWorkload(domains, count).world });
process.stdout.write(`${JSON.stringify({ dnsServer: mail.dnsServer, smtpPort: mail.smtpPort })}\n`);
const stop = () => void mail.close().then(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.once('SIGTERM', stop);
