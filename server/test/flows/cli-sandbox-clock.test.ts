import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { describeEachDialect, freshDatabase } from '../support/databases.ts';
import { SENIOR_OR_CXO } from '../support/extractions.ts';
import { runCli } from '../support/processes.ts';
import { RECURRING_WORLDS } from '../support/recurring.ts';
import { sandboxSession } from '../support/sales-tool.ts';

describeEachDialect('leadforge sandbox clock', (dialect) => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('reads sandbox time, moves it forward making the due runs, and refuses a bad duration', async () => {
    const db = await freshDatabase(dialect);
    const dataDir = mkdtempSync(join(tmpdir(), 'leadforge-clock-'));
    const env = {
      DATABASE_URL: db.url,
      LEADFORGE_SECRET_KEY: '12'.repeat(32),
      LEADFORGE_DATA_DIR: dataDir,
      LEADFORGE_SANDBOX_SALESTOOL_PORT: '0',
    };
    const app = await createApp(loadConfig(env), { worlds: RECURRING_WORLDS });
    cleanups.push(
      () => rmSync(dataDir, { recursive: true, force: true }),
      () => db.drop(),
      () => app.close(),
    );
    const account = await app.accounts.create('clock');
    await app.credits.grant(account.id, 100, 'grant');
    const auth = { accountId: account.id, keyId: '', mode: 'test' as const };
    await app.seats.connect(auth, await sandboxSession(app));
    const s = await app.recurring.create(auth, { url: SENIOR_OR_CXO, frequency: 'weekly' });

    const before = await runCli(['sandbox', 'clock'], env);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toMatch(/^Sandbox time: \d{4}-\d{2}-\d{2}T.*Z \(real time\)$/m);

    const moved = await runCli(['sandbox', 'clock', 'advance', '7d'], env);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/\(7d ahead of real time\)/);
    expect(moved.stdout).toContain('Recurring runs made: 1');
    expect((await app.recurring.get(account.id, s.schedule_id)).run_ids).toHaveLength(1);
    const t0 = Date.parse(/Sandbox time: (\S+)/.exec(before.stdout)?.[1] ?? '');
    const t1 = Date.parse(/Sandbox time: (\S+)/.exec(moved.stdout)?.[1] ?? '');
    expect(t1 - t0).toBeGreaterThanOrEqual(7 * 86_400_000);

    const again = await runCli(['sandbox', 'clock', 'advance', '90m'], env);
    expect(again.stdout).toMatch(/\(7d 1h 30m ahead of real time\)/);
    expect(again.stdout).toContain('Recurring runs made: 0');

    const bad = await runCli(['sandbox', 'clock', 'advance', '7'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('like 90m, 12h or 7d');
  }, 60_000);
});
