import type { Kysely } from 'kysely';

/**
 * Email finder jobs and their prospects (one row per submitted person, in order), and what the finder
 * learns across jobs: each mail domain's address pattern, and companies' mail domains. The learned
 * tables are per world (`mode`): sandbox finds never teach the live finder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_finder_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('mode', 'text', (c) => c.notNull()) // test | live: which world finds it
    .addColumn('job_name', 'text')
    .addColumn('webhook_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // pending | running | complete | failed
    .addColumn('prospect_count', 'integer', (c) => c.notNull())
    .addColumn('done_count', 'integer', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('credits', 'integer', (c) => c.notNull()) // taken when the job finished
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_finder_jobs_account')
    .on('email_finder_jobs')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('email_finder_prospects')
    .addColumn('job_id', 'text', (c) => c.notNull().references('email_finder_jobs.id'))
    .addColumn('position', 'integer', (c) => c.notNull()) // 0-based order of submission
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('company_domain', 'text')
    .addColumn('status', 'text', (c) => c.notNull()) // pending | complete | failed
    .addColumn('found_email', 'text')
    .addColumn('email_validity', 'text')
    .addColumn('error_message', 'text')
    .addColumn('reason', 'text') // the finder's reason (confirmed, catch_all, not_found …)
    .addColumn('domain', 'text') // the mail domain searched
    .addColumn('rcpts', 'integer') // SMTP RCPTs spent on this person
    .addPrimaryKeyConstraint('email_finder_prospects_pk', ['job_id', 'position'])
    .execute();

  await db.schema
    .createTable('finder_domain_patterns')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull()) // learn-pattern.ts's LearnedPattern, JSON
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('finder_domain_patterns_pk', ['mode', 'domain'])
    .execute();

  await db.schema
    .createTable('finder_company_domains')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('company_key', 'text', (c) => c.notNull()) // finder's companyKey(name)
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull()) // where it was learned: finder, extraction …
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('finder_company_domains_pk', ['mode', 'company_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['finder_company_domains', 'finder_domain_patterns', 'email_finder_prospects', 'email_finder_jobs']) {
    await db.schema.dropTable(t).execute();
  }
}
