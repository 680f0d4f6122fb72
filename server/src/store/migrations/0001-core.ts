import { type Kysely, sql } from 'kysely';

/** Accounts, API keys, the credit ledger, seats and seat usage. Shared by SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('credit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('hold_id', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('available_after', 'bigint', (c) => c.notNull())
    .addColumn('held_after', 'bigint', (c) => c.notNull())
    .addColumn('memo', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('credit_entries_account_seq', ['account_id', 'seq'])
    .addUniqueConstraint('credit_entries_account_key', ['account_id', 'idempotency_key'])
    .addCheckConstraint('credit_entries_amount_positive', sql`amount > 0`)
    .addCheckConstraint('credit_entries_balance_nonnegative', sql`available_after >= 0 and held_after >= 0`)
    .execute();
  await db.schema.createIndex('credit_entries_hold').on('credit_entries').columns(['account_id', 'hold_id']).execute();

  await db.schema
    .createTable('seats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('member_key', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    .addColumn('label', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invalid_reason', 'text')
    .addColumn('daily_limit', 'integer', (c) => c.notNull())
    .addColumn('session_sealed', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('seats_account_member', ['account_id', 'member_key'])
    .execute();

  await db.schema
    .createTable('seat_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seat_id', 'text', (c) => c.notNull().references('seats.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('seat_usage_seat_key', ['seat_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('seat_usage_seat_time').on('seat_usage').columns(['seat_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['seat_usage', 'seats', 'credit_entries', 'api_keys', 'accounts']) {
    await db.schema.dropTable(t).execute();
  }
}
