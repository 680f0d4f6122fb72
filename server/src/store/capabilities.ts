/**
 * What the two engines can do differently. Code branches on these, never on the dialect's name
 * (architecture.md, principle 3).
 */
export interface Capabilities {
  readonly dialect: 'sqlite' | 'postgres';
  /** Writers serialise on row locks (`SELECT … FOR UPDATE`); several processes write at once. */
  readonly rowLocks: boolean;
  /** Writers serialise on the whole database (`BEGIN IMMEDIATE`): one writer at a time. */
  readonly databaseWriteLock: boolean;
  /** `FOR UPDATE SKIP LOCKED` for job claiming. */
  readonly skipLocked: boolean;
  /** Tables live in named schemas; the connection's `search_path` picks ours. */
  readonly schemas: boolean;
}

export const SQLITE: Capabilities = Object.freeze({
  dialect: 'sqlite',
  rowLocks: false,
  databaseWriteLock: true,
  skipLocked: false,
  schemas: false,
});

export const POSTGRES: Capabilities = Object.freeze({
  dialect: 'postgres',
  rowLocks: true,
  databaseWriteLock: false,
  skipLocked: true,
  schemas: true,
});
