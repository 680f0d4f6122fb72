// One npm verifier in a process of its own, pointed at the sandbox's DNS. Loaded by compare.ts as
// `node --import tsx competitor-process.ts NAME`; it receives a Job over IPC and sends back one Row
// per address (its answer mapped to our verdicts), any uncaught exception, and 'done'.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { COMPETITORS } from './competitors/index.ts';
import type { Job, Message, Row } from './protocol.ts';
import { useSandboxDns } from './sandbox-dns.ts';

const send = (m: Message) => process.send?.(m);
const competitor = COMPETITORS.find((c) => c.name === process.argv[2]);
if (!competitor) throw new Error(`no competitor named ${process.argv[2]}`);
const lib = createRequire(resolve(import.meta.dirname, 'vendor/package.json'))(competitor.name);

// A library that throws from a socket handler must not end the run: the exception is reported, and
// the call it broke is a timeout.
process.on('uncaughtException', (err) => send({ type: 'crash', message: String(err?.stack ?? err).slice(0, 500) }));
process.on('unhandledRejection', (err) => send({ type: 'crash', message: String(err).slice(0, 500) }));

async function checkOne(job: Job, i: number): Promise<Row> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), job.callTimeoutMs);
  });
  try {
    const answer = await Promise.race([competitor!.check(lib as never, job.addresses[i]!, job.smtpPort), late]);
    if (answer === 'late') return { i, kind: 'timeout', ms: ms() };
    return { i, kind: 'answer', verdict: answer.verdict, said: answer.said, ms: ms() };
  } catch (err) {
    return { i, kind: 'error', said: String((err as Error)?.message ?? err).slice(0, 200), ms: ms() };
  } finally {
    clearTimeout(timer);
  }
}

process.once('message', async (job: Job) => {
  useSandboxDns(job.dnsServer);
  let rssPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 200);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < job.addresses.length) {
      const i = next++;
      send({ type: 'row', row: await checkOne(job, i) });
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  clearInterval(sampler);
  send({ type: 'done', ms: Math.round(performance.now() - started), rssPeakMb: Math.round(rssPeak / 1e6) });
  // Sockets a library left open (or a late call) must not keep the process: the parent has everything.
  process.disconnect();
  setTimeout(() => process.exit(0), 100).unref();
});
send({ type: 'ready' });
