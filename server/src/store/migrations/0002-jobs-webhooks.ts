import type { Kysely } from 'kysely';

/** The durable job queue, webhook signing secrets, the webhook outbox and its delivery attempts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull()) // queued | running | done | failed
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('checkpoint', 'text')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // What a worker scans for: due queued jobs and expired leases, per kind.
  await db.schema.createIndex('jobs_claimable').on('jobs').columns(['state', 'kind', 'run_at']).execute();
  await db.schema.createIndex('jobs_lease').on('jobs').columns(['state', 'lease_expires_at']).execute();

  await db.schema
    .createTable('webhook_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint') // null: the current secret; set when rotated out
    .execute();
  await db.schema
    .createIndex('webhook_secrets_account')
    .on('webhook_secrets')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'text', (c) => c.primaryKey()) // also the `webhook-id` header: receivers dedupe on it
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull()) // one message per job and key (e.g. "paused:2")
    .addColumn('mode', 'text', (c) => c.notNull()) // test | live: the loopback switch applies to test only
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull()) // pending | delivered | failed
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('webhook_messages_job_event', ['job_id', 'event_key'])
    .execute();
  await db.schema
    .createIndex('webhook_messages_account_job')
    .on('webhook_messages')
    .columns(['account_id', 'job_id'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('webhook_messages.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull()) // success | http_error | timeout | network_error | blocked
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('error', 'text')
    .addUniqueConstraint('webhook_attempts_message_attempt', ['message_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['webhook_attempts', 'webhook_messages', 'webhook_secrets', 'jobs']) {
    await db.schema.dropTable(t).execute();
  }
}
