import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

/** The PostgreSQL the bench uses; the tests' variable is honoured so one setting serves both. */
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  /** The DATABASE_URL handed to the target process. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh SQLite file in its own temporary folder: every run starts from the same empty state. */
export function freshSqlite(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'lf-bench-sqlite-'));
  return {
    url: `sqlite:${join(dir, 'bench.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh PostgreSQL schema, reached through search_path as the tests do, dropped afterwards. */
export async function freshPostgres(): Promise<BenchDatabase> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await admin(`create schema ${schema}`);
  const u = new URL(POSTGRES_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { url: u.toString(), drop: () => admin(`drop schema if exists ${schema} cascade`) };
}

export const freshDatabase = (dialect: Dialect): Promise<BenchDatabase> =>
  dialect === 'sqlite' ? Promise.resolve(freshSqlite()) : freshPostgres();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query(statement);
  } catch (err) {
    throw new Error(`PostgreSQL at ${POSTGRES_URL}: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
