import type { Kysely } from 'kysely';

/** Email validation jobs and their prospects (one row per submitted address, in order). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_validation_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('mode', 'text', (c) => c.notNull()) // test | live: which world verifies it
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // pending | running | complete | failed
    .addColumn('prospect_count', 'integer', (c) => c.notNull())
    .addColumn('done_count', 'integer', (c) => c.notNull()) // prospects complete or failed
    .addColumn('error_message', 'text')
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_validation_jobs_account')
    .on('email_validation_jobs')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('email_validation_prospects')
    .addColumn('job_id', 'text', (c) => c.notNull().references('email_validation_jobs.id'))
    .addColumn('position', 'integer', (c) => c.notNull()) // 0-based order of submission
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // pending | complete | failed
    .addColumn('email_validity', 'text')
    .addColumn('error_message', 'text')
    .addColumn('details', 'text') // the verifier's stage results, JSON
    .addPrimaryKeyConstraint('email_validation_prospects_pk', ['job_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['email_validation_prospects', 'email_validation_jobs']) await db.schema.dropTable(t).execute();
}
