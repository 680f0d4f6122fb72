import { type Migration, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-core.ts';
import type { Store } from './store.ts';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-core': m0001,
};

export interface MigrateResult {
  applied: string[];
}

/**
 * Brings the schema up to date. Safe when several processes start at once:
 * - PostgreSQL: Kysely's migrator holds an advisory lock inside the migration transaction;
 * - SQLite: migrations run in one transaction; a process that finds the database busy waits and
 *   tries again, and then finds the other's migrations done.
 */
export async function migrateToLatest(store: Store): Promise<MigrateResult> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest().catch((err: unknown) => ({ error: err, results: [] }));
    if (!error) {
      return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
    }
    if (!isBusy(error) || attempt >= 20) throw error;
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
}

const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code ?? '';
  return code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED';
};
