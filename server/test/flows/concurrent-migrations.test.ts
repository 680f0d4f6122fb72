import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/store/migrate.ts';
import { openStore } from '../../src/store/store.ts';
import { describeEachDialect, freshDatabase, freshPostgres, postgresIsUp } from '../support/databases.ts';
import { runCli } from '../support/processes.ts';

describeEachDialect('migrations started by several processes at once', (dialect) => {
  it('apply once, and every process succeeds', async () => {
    const db = await freshDatabase(dialect);
    try {
      const env = { DATABASE_URL: db.url };
      const runs = await Promise.all([1, 2, 3].map(() => runCli(['migrate'], env)));
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      expect(runs.filter((r) => r.stdout.includes(`Applied: ${MIGRATION_NAMES.join(', ')}`))).toHaveLength(1);
      expect(runs.filter((r) => r.stdout.includes('up to date'))).toHaveLength(2);

      const store = openStore(db.config);
      try {
        const rows = await store.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .orderBy('name' as never)
          .execute();
        expect(rows).toEqual(MIGRATION_NAMES.map((name) => ({ name })));
      } finally {
        await store.close();
      }
    } finally {
      await db.drop();
    }
  });
});

describe.skipIf(!postgresIsUp)('migrations in a PostgreSQL database shared with other installs', () => {
  it("are not fooled by another schema's migration tables", async () => {
    const other = await freshPostgres();
    const ours = await freshPostgres();
    try {
      const first = await runCli(['migrate'], { DATABASE_URL: other.url });
      expect(first.code, first.stderr).toBe(0);
      const second = await runCli(['migrate'], { DATABASE_URL: ours.url });
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain(`Applied: ${MIGRATION_NAMES.join(', ')}`);
    } finally {
      await other.drop();
      await ours.drop();
    }
  });
});
