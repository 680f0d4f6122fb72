import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as m0001 from './migrations/0001-core.ts';
import * as m0002 from './migrations/0002-jobs-webhooks.ts';
import * as m0003 from './migrations/0003-email-validation.ts';
import * as m0004 from './migrations/0004-email-finder.ts';
import * as m0005 from './migrations/0005-webhook-body-source.ts';
import * as m0006 from './migrations/0006-extractions.ts';
import * as m0007 from './migrations/0007-recurring-exports.ts';
import type { DB } from './schema.ts';
import { type Store, writeTransaction } from './store.ts';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-jobs-webhooks': m0002,
  '0003-email-validation': m0003,
  '0004-email-finder': m0004,
  '0005-webhook-body-source': m0005,
  '0006-extractions': m0006,
  '0007-recurring-exports': m0007,
};

export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

export interface MigrateResult {
  applied: string[];
}

/**
 * Brings the schema up to date. Safe when several processes start at once:
 * - PostgreSQL: Kysely's migrator runs in a transaction holding an advisory lock;
 * - SQLite: Kysely runs migrations outside a transaction there, so we wrap the whole run in one
 *   `BEGIN IMMEDIATE` transaction (SQLite's DDL is transactional): the first process migrates,
 *   the others wait for the write lock and then find nothing left to do.
 */
export async function migrateToLatest(store: Store): Promise<MigrateResult> {
  // Kysely looks for its own tables in every schema it can see; name ours, or a database shared
  // by several schemas (tests, several installs) would find another install's tables.
  const schema = store.caps.schemas
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(store.db)).rows[0]?.s
    : undefined;
  const run = async (db: Kysely<DB>) => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error;
    return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
  };
  return store.caps.databaseWriteLock ? writeTransaction(store, null, run) : run(store.db);
}
