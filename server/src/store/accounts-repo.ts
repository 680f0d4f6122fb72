import type { Kysely } from 'kysely';
import { reusableQuery } from './reusable-query.ts';
import type { AccountsTable, ApiKeysTable, DB } from './schema.ts';

export const insertAccount = (db: Kysely<DB>, row: AccountsTable) => db.insertInto('accounts').values(row).execute();

export const findAccountByName = (db: Kysely<DB>, name: string) =>
  db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();

export const listAccounts = (db: Kysely<DB>) => db.selectFrom('accounts').selectAll().orderBy('created_at').execute();

export const countAccounts = async (db: Kysely<DB>): Promise<number> => {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertApiKey = (db: Kysely<DB>, row: ApiKeysTable) => db.insertInto('api_keys').values(row).execute();

const activeKeyByHash = reusableQuery((db, hash: string) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'kind'])
    .where('hash', '=', hash)
    .where('revoked_at', 'is', null),
);

/** The key's account, when the key exists and is not revoked. Runs on every request. */
export const findActiveKeyByHash = async (db: Kysely<DB>, hash: string) => (await activeKeyByHash(db, hash))[0];

export const listApiKeys = (db: Kysely<DB>, accountId: string) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'kind', 'prefix', 'created_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();

export const revokeApiKey = (db: Kysely<DB>, accountId: string, keyId: string, at: number) =>
  db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
