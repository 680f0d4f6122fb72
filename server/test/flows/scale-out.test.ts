import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { recomputeBalance } from '../../src/store/credit-ledger-repo.ts';
import { freshPostgres, postgresIsUp, type TestDatabase } from '../support/databases.ts';
import { childEnv, type RunningProcess, runCli, startServer } from '../support/processes.ts';

const HAMMER = resolve(import.meta.dirname, '../support/credit-hammer.ts');

function hammer(env: Record<string, string>, accountId: string, ops: number, prefix: string) {
  return new Promise<{ spent: number; refused: number }>((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', HAMMER, accountId, String(ops), prefix], {
      env: childEnv(env),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) =>
      code === 0 ? done(JSON.parse(out)) : fail(new Error(`hammer exited ${code}: ${err}`)),
    );
  });
}

describe.skipIf(!postgresIsUp)(
  'scale-out on PostgreSQL: two API processes, a worker, concurrent credit operations',
  () => {
    let db: TestDatabase;
    let env: Record<string, string>;
    let app: App;
    const procs: RunningProcess[] = [];

    beforeAll(async () => {
      db = await freshPostgres();
      env = { DATABASE_URL: db.url, LEADFORGE_SECRET_KEY: 'cd'.repeat(32), LEADFORGE_FIRST_START: 'false' };
      // Three processes migrate the empty database at the same moment.
      const started = await Promise.all([startServer(env, 'api'), startServer(env, 'api'), startServer(env, 'worker')]);
      procs.push(...started.map((s) => s.proc));
      app = await createApp(loadConfig(env));
    });
    afterAll(async () => {
      await Promise.all(procs.map((p) => p.stop()));
      await app?.close();
      await db?.drop();
    });

    it('keeps one balance across processes, never below zero, each operation once', async () => {
      expect((await runCli(['accounts', 'create', 'team'], env)).code).toBe(0);
      const keyRun = await runCli(['keys', 'create', '--account', 'team'], env);
      const key = keyRun.stdout.trim();
      expect(key).toMatch(/^lf_test_/);

      // 300 credits granted in 3 grants, one of them repeated with the same key (counted once).
      for (const k of ['g1', 'g2', 'g3', 'g2']) {
        expect((await runCli(['credits', 'grant', '100', '--account', 'team', '--key', k], env)).code).toBe(0);
      }
      const account = await app.accounts.byName('team');

      // Four processes race for 400 one-credit operations against 300 credits.
      const results = await Promise.all([0, 1, 2, 3].map((i) => hammer(env, account.id, 100, `p${i}`)));
      const spent = results.reduce((n, r) => n + r.spent, 0);
      const refused = results.reduce((n, r) => n + r.refused, 0);
      expect(spent).toBe(300);
      expect(refused).toBe(100);

      const balance = await app.credits.balance(account.id);
      expect(balance).toEqual({ available: 0, held: 0 });
      expect(await recomputeBalance(app.store.db, account.id)).toEqual(balance);
      const negative = await app.store.db
        .selectFrom('credit_entries')
        .select('seq')
        .where('account_id', '=', account.id)
        .where((eb) => eb.or([eb('available_after', '<', 0), eb('held_after', '<', 0)]))
        .execute();
      expect(negative).toEqual([]);
      const seqs = (
        await app.store.db
          .selectFrom('credit_entries')
          .select('seq')
          .where('account_id', '=', account.id)
          .orderBy('seq')
          .execute()
      ).map((r) => r.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1)); // no gaps, no duplicates

      // Both API processes report the same balance.
      const [a, b] = await Promise.all(
        procs.slice(0, 2).map(async (p) => {
          const base = (p.output.match(/API listening on (http:\/\/[\d.:]+)/) ?? [])[1];
          const res = await fetch(`${base}/v1/quota/`, { headers: { authorization: `Bearer ${key}` } });
          return ((await res.json()) as { quota: { credits: number } }).quota.credits;
        }),
      );
      expect(a).toBe(0);
      expect(b).toBe(0);
      // A dozen processes start here, each loading the service: generous on a loaded 2-core machine.
    }, 180_000);
  },
);
