import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/api/build-server.ts';
import { type App, createApp } from '../../src/app/app.ts';
import type { WorldsOptions } from '../../src/app/worlds.ts';
import { loadConfig } from '../../src/config/config.ts';
import { type Clock, ManualClock } from '../../src/core/clock.ts';
import { type Dialect, freshDatabase, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: App;
  server: FastifyInstance;
  db: TestDatabase;
  clock: ManualClock;
  /** An account with a test key and `credits` credits. */
  account: { id: string; name: string; key: string };
  close(): Promise<void>;
}

let counter = 0;

/** A whole service on a fresh database, driven through fastify.inject, on a clock that moves only when told. */
export async function startTestApp(
  dialect: Dialect,
  opts: { credits?: number; env?: Record<string, string>; worlds?: WorldsOptions } = {},
): Promise<TestApp> {
  const db = await freshDatabase(dialect);
  // The service's own files (the sandbox's saved searches among them) stay with this test.
  const dataDir = mkdtempSync(join(tmpdir(), 'leadforge-test-data-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const config = loadConfig({
    DATABASE_URL: db.url,
    LEADFORGE_SECRET_KEY: 'ab'.repeat(32),
    LEADFORGE_LOG_LEVEL: 'silent',
    LEADFORGE_DATA_DIR: dataDir,
    ...opts.env,
  });
  const app = await createApp(config, { clock: clock as Clock, ...(opts.worlds ? { worlds: opts.worlds } : {}) });
  const server = await buildServer(app, { logger: false });
  await server.ready();
  const created = await app.accounts.create(`acct-${process.pid}-${++counter}`);
  const { key } = await app.accounts.createKey(created.id, 'test');
  if (opts.credits) await app.credits.grant(created.id, opts.credits, 'test-grant');
  return {
    app,
    server,
    db,
    clock,
    account: { ...created, key },
    close: async () => {
      await server.close();
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export const VALID_SESSION = {
  li_at: 'AQEDARzVQZ4BhXkTAAABk_example_li_at_token_value',
  jsessionid: '"ajax:8145937301234567890"',
  li_a: 'AQJ2PTEmc2FsZXNfY2lkPTE',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
};
