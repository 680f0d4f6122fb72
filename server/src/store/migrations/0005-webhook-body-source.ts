import type { Kysely } from 'kysely';

/**
 * A webhook message may name where its body comes from instead of holding it: a finished
 * 100 000-address validation job's body is about 140 MB of JSON, which a job would otherwise build
 * as one string at its end and store a second time in the outbox. `payload` is then '' and the
 * delivery renders the body from the job, which no longer changes once finished.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_messages').addColumn('body_source', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_messages').dropColumn('body_source').execute();
}
