import { expect, it } from 'vitest';
import { openStore } from '../../src/store/store.ts';
import { describeEachDialect, freshDatabase } from '../support/databases.ts';
import { runCli } from '../support/processes.ts';

describeEachDialect('migrations started by several processes at once', (dialect) => {
  it('apply once, and every process succeeds', async () => {
    const db = await freshDatabase(dialect);
    try {
      const env = { DATABASE_URL: db.url };
      const runs = await Promise.all([1, 2, 3].map(() => runCli(['migrate'], env)));
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      expect(runs.filter((r) => r.stdout.includes('Applied: 0001-core'))).toHaveLength(1);
      expect(runs.filter((r) => r.stdout.includes('up to date'))).toHaveLength(2);

      const store = openStore(db.config);
      try {
        const rows = await store.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute();
        expect(rows).toEqual([{ name: '0001-core' }]);
      } finally {
        await store.close();
      }
    } finally {
      await db.drop();
    }
  });
});
