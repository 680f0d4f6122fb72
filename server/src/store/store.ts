import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config.ts';
import { type Capabilities, POSTGRES, SQLITE } from './capabilities.ts';
import type { DB } from './schema.ts';

export interface Store {
  readonly db: Kysely<DB>;
  readonly caps: Capabilities;
  close(): Promise<void>;
}

// int8 (20) and numeric sums come back from pg as strings; our bigints are epoch ms and counts,
// far inside Number's exact range.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (v: string) => Number(v);
    // biome-ignore lint/suspicious/noExplicitAny: pg's own typing of format
    return pg.types.getTypeParser(oid, format as any);
  },
};

export function openStore(config: DatabaseConfig): Store {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, types: pgTypes });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, caps: POSTGRES, close: () => db.destroy() };
  }
  if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
  const database = new Database(config.file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 10000');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { db, caps: SQLITE, close: () => db.destroy() };
}

/**
 * Kysely prepares a statement for every query it runs; on SQLite that preparation cost more than the
 * query itself (profiled: a quarter of a GET /v1/quota/). Statements are reusable, so keep the
 * prepared ones by their SQL text. The SQL comes from Kysely's compiler, with values as parameters,
 * so the set of texts is small; the bound is a guard, not a working limit.
 */
function withStatementCache(database: Database.Database, max = 1000): Database.Database {
  const cache = new Map<string, Database.Statement>();
  const prepare = database.prepare.bind(database);
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop !== 'prepare') return Reflect.get(target, prop, receiver);
      return (sql: string) => {
        let stmt = cache.get(sql);
        if (!stmt) {
          if (cache.size >= max) cache.clear();
          stmt = prepare(sql);
          cache.set(sql, stmt);
        }
        return stmt;
      };
    },
  });
}

/**
 * Runs `fn` in a write transaction that is serialised with every other writer of the same
 * account, across processes:
 * - PostgreSQL: the account's row is locked `FOR UPDATE` first;
 * - SQLite: `BEGIN IMMEDIATE` takes the database's write lock up front, so a transaction never
 *   reads a balance and then fails to upgrade to a writer.
 */
export async function writeTransaction<T>(
  store: Store,
  lockAccountId: string | null,
  fn: (tx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (store.caps.rowLocks) {
    return store.db.transaction().execute(async (tx) => {
      if (lockAccountId) {
        await tx.selectFrom('accounts').select('id').where('id', '=', lockAccountId).forUpdate().execute();
      }
      return fn(tx);
    });
  }
  return store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}

export async function ping(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
