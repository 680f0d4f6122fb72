import type { Kysely } from 'kysely';
import type { DB, WebhookAttemptsTable, WebhookMessagesTable, WebhookSecretsTable } from './schema.ts';

export type WebhookMessageRow = WebhookMessagesTable;
export type WebhookAttemptRow = WebhookAttemptsTable;

/** The account's secrets still usable for signing at `now`: the current one and any rotated out less than 24 h ago. */
export const liveSecrets = (db: Kysely<DB>, accountId: string, now: number) =>
  db
    .selectFrom('webhook_secrets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .execute();

export const insertSecret = (db: Kysely<DB>, row: WebhookSecretsTable) =>
  db.insertInto('webhook_secrets').values(row).execute();

export const expireCurrentSecret = (db: Kysely<DB>, accountId: string, at: number) =>
  db
    .updateTable('webhook_secrets')
    .set({ expires_at: at })
    .where('account_id', '=', accountId)
    .where('expires_at', 'is', null)
    .execute();

/** Inserts the message unless the job already has one under that key; true when inserted. */
export async function insertMessage(db: Kysely<DB>, row: WebhookMessageRow): Promise<boolean> {
  const r = await db
    .insertInto('webhook_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['job_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const messageById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('webhook_messages').selectAll().where('id', '=', id).executeTakeFirst();

export const updateMessage = (db: Kysely<DB>, id: string, patch: Partial<Omit<WebhookMessageRow, 'id'>>) =>
  db.updateTable('webhook_messages').set(patch).where('id', '=', id).execute();

export const insertAttempt = (db: Kysely<DB>, row: WebhookAttemptRow) =>
  db
    .insertInto('webhook_attempts')
    .values(row)
    .onConflict((oc) => oc.columns(['message_id', 'attempt']).doNothing())
    .execute();

export const messagesOfJob = (db: Kysely<DB>, accountId: string, jobId: string) =>
  db
    .selectFrom('webhook_messages')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .execute();

export const attemptsOf = (db: Kysely<DB>, messageIds: string[]) =>
  messageIds.length === 0
    ? Promise.resolve([] as WebhookAttemptRow[])
    : db.selectFrom('webhook_attempts').selectAll().where('message_id', 'in', messageIds).orderBy('attempt').execute();
