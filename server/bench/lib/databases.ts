import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

/** The PostgreSQL the bench uses; the tests' variable is honoured so one setting serves both. */
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  /** The DATABASE_URL handed to the target process. */
  url: string;
  /** PostgreSQL server processes working for the bench: its CPU use is the target's, not foreign. */
  serverPids(): Promise<number[]>;
  drop(): Promise<void>;
}

/** A fresh SQLite file in a folder of its own under `parent`: every run starts from the same empty state. */
export function freshSqlite(parent: string): BenchDatabase {
  const dir = mkdtempSync(join(parent, 'sqlite-'));
  return {
    url: `sqlite:${join(dir, 'bench.db')}`,
    serverPids: async () => [],
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh PostgreSQL schema, reached through search_path as the tests do, dropped afterwards. */
export async function freshPostgres(): Promise<BenchDatabase> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  // One client for the whole run: it makes the schema, finds the target's server processes, drops it.
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  // A connection lost while idle must not crash the bench; the next query reports it.
  admin.on('error', () => {});
  try {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  } catch (err) {
    await admin.end().catch(() => {});
    throw new Error(`PostgreSQL at ${POSTGRES_URL}: ${(err as Error).message}`);
  }
  const u = new URL(POSTGRES_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  // Tags the target's connections, so that their server processes can be told from anyone else's.
  u.searchParams.set('application_name', schema);
  return {
    url: u.toString(),
    serverPids: async () => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 or pid = pg_backend_pid()',
        [schema],
      );
      return rows.map((r) => r.pid);
    },
    drop: async () => {
      try {
        await admin.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await admin.end().catch(() => {});
      }
    },
  };
}

export const freshDatabase = (dialect: Dialect, tempDir: string): Promise<BenchDatabase> =>
  dialect === 'sqlite' ? Promise.resolve(freshSqlite(tempDir)) : freshPostgres();
