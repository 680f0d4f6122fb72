// Our engine in a process of its own, as the competitors are: verifyEmails over the sandbox world
// with the sandbox's ports, as the service runs a sandbox job (server/src/app/worlds.ts) and as
// server/bench/verify/run-engine.ts does; default settings (timeouts, 2 sessions per MX host) but
// the greylisting retries compare.ts passes in LEADFORGE_GREYLIST_RETRY_DELAYS; no provider rate
// caps. Same IPC protocol.
import { loadConfig } from '../../src/config/config.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createVerifierState, optionsFor, portsFor, verifyEmails } from '../../src/verify/index.ts';
import type { Job, Message } from './protocol.ts';

const send = (m: Message) => process.send?.(m);
process.on('uncaughtException', (err) => send({ type: 'crash', message: String(err?.stack ?? err).slice(0, 500) }));

process.once('message', async (job: Job) => {
  const config = loadConfig({
    LEADFORGE_SMTP_HELO_NAME: 'bench.leadforge.test',
    LEADFORGE_GREYLIST_RETRY_DELAYS: process.env.LEADFORGE_GREYLIST_RETRY_DELAYS,
  });
  const world = {
    kind: 'sandbox' as const,
    dnsServer: job.dnsServer,
    smtpPort: job.smtpPort,
    disposableDomains: job.disposableDomains,
  };
  const base = optionsFor(config, world);
  const options = {
    ...base,
    smtp: { ...base.smtp, providers: { '*': { sessionsPerMinute: Number.POSITIVE_INFINITY } } },
  };
  const ports = portsFor(config, world, systemClock);
  let rssPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 200);
  const started = performance.now();
  await verifyEmails(job.addresses, ports, options, {
    state: createVerifierState(systemClock, options),
    keepResults: false,
    onResult: (r, i) => {
      const smtp = r.details.smtp;
      const said = [
        r.reasons.map((x) => x.code).join(','),
        smtp?.code ? `${smtp.code}${smtp.enhanced_code ? ` ${smtp.enhanced_code}` : ''}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      const ms = Math.round(performance.now() - started);
      send({ type: 'row', row: { i, kind: 'answer', verdict: r.verdict, said, ms } });
    },
  });
  clearInterval(sampler);
  send({ type: 'done', ms: Math.round(performance.now() - started), rssPeakMb: Math.round(rssPeak / 1e6) });
  process.disconnect();
  setTimeout(() => process.exit(0), 100).unref();
});
send({ type: 'ready' });
