import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import type { DatabaseConfig } from '../../src/config/config.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: Promise<boolean> | undefined;

/** Whether the test PostgreSQL answers. With CI=true an unreachable server fails the run instead. */
export function postgresAvailable(): Promise<boolean> {
  pgReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (err) {
      if (process.env.CI === 'true') {
        throw new Error(`CI=true but PostgreSQL at ${TEST_DATABASE_URL} is unreachable: ${(err as Error).message}`);
      }
      process.stderr.write(
        `\n*** PostgreSQL at ${TEST_DATABASE_URL} is unreachable (${(err as Error).message}): the PostgreSQL tests are SKIPPED. Set TEST_DATABASE_URL or start PostgreSQL to run them. ***\n\n`,
      );
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return pgReachable;
}

const pgUp = await postgresAvailable();

export interface TestDatabase {
  config: DatabaseConfig;
  /** For child processes: the DATABASE_URL that reaches this same database. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty SQLite database file in its own temporary folder. */
export function freshSqlite(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'lf-sqlite-'));
  const file = join(dir, 'test.db');
  return {
    config: { dialect: 'sqlite', file },
    url: `sqlite:${file}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh, empty PostgreSQL schema, reached through search_path, dropped afterwards. */
export async function freshPostgres(): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const url = u.toString();
  return {
    config: { dialect: 'postgres', url, poolSize: 10 },
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export type Dialect = 'sqlite' | 'postgres';

export const freshDatabase = (dialect: Dialect): Promise<TestDatabase> =>
  dialect === 'sqlite' ? Promise.resolve(freshSqlite()) : freshPostgres();

/**
 * Runs a suite once per storage engine. The PostgreSQL run is skipped, with a plain line saying
 * so, only outside CI when the server is unreachable.
 */
export function describeEachDialect(name: string, fn: (dialect: Dialect) => void): void {
  describe(`${name} [sqlite]`, () => fn('sqlite'));
  describe.skipIf(!pgUp)(`${name} [postgres]`, () => fn('postgres'));
}

export const postgresIsUp = pgUp;
