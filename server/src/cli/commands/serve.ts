import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildServer } from '../../api/build-server.ts';
import { createApp } from '../../app/app.ts';
import { ensureFirstStart, type FirstStart } from '../../app/first-start.ts';
import { createWorker } from '../../app/worker.ts';
import { loadConfig } from '../../config/config.ts';
import { applyHeapSettings } from '../../core/heap.ts';
import { loggerOptions } from '../../core/logger.ts';
import { startSchedulerLoop } from '../../recurring/scheduler.ts';
import { print } from '../with-app.ts';

type Role = 'api' | 'worker' | 'all';

/** Where `npm start` builds the extension, relative to this package. */
const EXTENSION_DIR = resolve(import.meta.dirname, '../../../../.output/chrome-mv3');

export function serveCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the API and the in-process workers')
    .addOption(
      new Option('--role <role>', 'api: only the HTTP API; worker: only background work; all: both')
        .choices(['api', 'worker', 'all'])
        .default('all'),
    )
    .action(async (opts: { role: Role }) => {
      const config = loadConfig();
      applyHeapSettings(config);
      const app = await createApp(config);
      const first = await ensureFirstStart(app);
      // The sandbox's sales tool, for lf_test_ seats and for a person browsing it with the extension.
      const toolPort = opts.role === 'worker' ? null : (await app.worlds.salesToolServer()).port;
      let server: FastifyInstance | null = null;
      let port = config.port;
      if (opts.role !== 'worker') {
        server = await buildServer(app);
        await server.listen({ host: config.host, port: config.port });
        const bound = server.server.address();
        if (bound && typeof bound === 'object') port = bound.port; // PORT=0 picks a free port
      }
      const log = pino(loggerOptions(config.logLevel));
      const worker = opts.role === 'api' ? null : createWorker(app, log);
      worker?.start();
      // Workers fire recurring runs too: any number of them may tick, each run fires once.
      const scheduling = worker ? startSchedulerLoop(app.scheduler, config.schedulerTickMs, log) : null;
      const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
      banner(opts.role, base, app.store.caps.dialect, first, worker?.kinds ?? []);
      if (toolPort !== null) salesToolBanner(toolPort);

      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        print(`Received ${signal}: finishing requests and jobs in flight, then stopping.`);
        // Fastify stops accepting at once and waits for requests in flight to end; the worker stops
        // claiming, lets running jobs finish within LEADFORGE_SHUTDOWN_GRACE_MS, then gives the rest back.
        await Promise.all([server?.close(), worker?.stop(), scheduling?.stop()]);
        await app.close();
        process.exit(0);
      };
      process.once('SIGTERM', () => void stop('SIGTERM'));
      process.once('SIGINT', () => void stop('SIGINT'));
    });
}

function banner(role: Role, base: string, dialect: string, first: FirstStart | null, kinds: string[]): void {
  if (role === 'worker') {
    print(`Leadforge worker started (${dialect}): ${kinds.join(', ')}`);
    return;
  }
  print(
    `Leadforge API listening on ${base} (${dialect}${role === 'all' ? `, with workers: ${kinds.join(', ')}` : ''})`,
  );
  print(`API reference: ${base}/docs`);
  if (first) {
    print('');
    print(
      `First start: created the account "${first.accountName}" with ${first.credits} sandbox credits and this API key.`,
    );
    print('It is shown only now; keep it:');
    print(`  ${first.key}`);
    print('Try it:');
    print(`  curl -H "Authorization: Bearer ${first.key}" ${base}/v1/quota/`);
    if ('id' in first.seat) print(`A sandbox seat is connected for ${first.seat.member} (seat ${first.seat.id}).`);
    else print(`No sandbox seat was connected: ${first.seat.error}`);
  }
  if (existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    print('');
    print(`The extension is built in ${EXTENSION_DIR}`);
    print('Load it in Chrome: chrome://extensions, turn on Developer mode, "Load unpacked", choose that folder.');
  }
}

function salesToolBanner(port: number): void {
  print('');
  print(`Sandbox sales tool (Sales Navigator as https://www.linkedin.com) on https://127.0.0.1:${port}`);
  print('Browse it in Chromium started with:');
  print(`  --host-resolver-rules="MAP www.linkedin.com 127.0.0.1:${port}" --ignore-certificate-errors`);
  print('then open https://www.linkedin.com/login?as=demo (members: docs/sandbox.md).');
}
