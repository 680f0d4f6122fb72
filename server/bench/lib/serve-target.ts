/**
 * The process under load. Run as `node --import tsx serve-target.ts <bare|quota>`: the parent
 * (bench/api.ts) keeps autocannon in its own process, because on a 2-core machine a load
 * generator sharing the server's event loop measures itself, not the server.
 *
 * - `bare`: a plain Fastify app with one JSON route, the ceiling any endpoint can reach here.
 * - `quota`: the real service (createApp + buildServer) on DATABASE_URL, with one account, its
 *   key, one connected seat, some usage and credits, so GET /v1/quota/ does all its queries.
 *
 * Prints one JSON line, {"port":…,"key":…}, on stdout once listening; nothing else goes to stdout.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildServer } from '../../src/api/build-server.ts';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { SEED, type TargetReady } from './protocol.ts';

const HOST = '127.0.0.1';

interface Target {
  ready: TargetReady;
  close(): Promise<void>;
}

async function startBare(): Promise<Target> {
  // Fastify's defaults (no logger, no schema): what a route costs before any of our code runs.
  const server = Fastify();
  server.get('/bare', async () => ({ success: true }));
  await server.listen({ host: HOST, port: 0 });
  return { ready: { port: (server.server.address() as AddressInfo).port }, close: () => server.close() };
}

async function startQuota(): Promise<Target> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('serve-target quota: DATABASE_URL is not set');
  // The bench's own temporary folder; with the secret key given, nothing is written there.
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('serve-target quota: BENCH_DATA_DIR is not set');
  // An explicit env record, not process.env: the caller's shell must not change what is measured.
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    HOST,
    LEADFORGE_DATA_DIR: dataDir,
    LEADFORGE_SECRET_KEY: 'ab'.repeat(32),
    LEADFORGE_LOG_LEVEL: 'silent',
    LEADFORGE_FIRST_START: 'false',
  });
  const app = await createApp(config);
  // No logger, as on the bare target: the comparison is of request handling, not of log output.
  const server = await buildServer(app, { logger: false });

  const account = await app.accounts.create('bench');
  const { key } = await app.accounts.createKey(account.id, 'test');
  const auth = { accountId: account.id, keyId: '', mode: 'test' as const };
  const { seat } = await app.seats.connect(auth, {
    li_at: 'AQEDAR-bench-li_at-token-value-0123456789',
    jsessionid: 'ajax:1234567890',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) leadforge-bench',
  });
  await app.credits.grant(account.id, SEED.credits, 'bench-grant');
  // One usage row, so the rolling-24-hours sum reads a row instead of an empty index range.
  await app.quota.record({ id: seat.id, account_id: account.id }, SEED.usage, 'bench-usage');

  await server.listen({ host: HOST, port: 0 });
  return {
    ready: { port: (server.server.address() as AddressInfo).port, key },
    close: async () => {
      await server.close();
      await app.close();
    },
  };
}

async function main(kind: string | undefined): Promise<void> {
  if (kind !== 'bare' && kind !== 'quota') throw new Error(`serve-target: expected "bare" or "quota", got ${kind}`);
  const target = kind === 'bare' ? await startBare() : await startQuota();

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await target.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // The parent holds our stdin open; when it goes away, even by SIGKILL, stdin ends and we follow.
  process.stdin.on('end', () => void stop());
  process.stdin.resume();

  process.stdout.write(`${JSON.stringify(target.ready)}\n`);
}

main(process.argv[2]).catch((err: unknown) => {
  process.stderr.write(`serve-target: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
