import type { Kysely } from 'kysely';
import type { DB, SeatsTable } from './schema.ts';

export type SeatRow = SeatsTable;

export const seatByMember = (db: Kysely<DB>, accountId: string, memberKey: string) =>
  db
    .selectFrom('seats')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('member_key', '=', memberKey)
    .executeTakeFirst();

/** A seat of this account in any state, disconnected included (a reconnect may revive it). */
export const seatById = (db: Kysely<DB>, accountId: string, seatId: string) =>
  db.selectFrom('seats').selectAll().where('account_id', '=', accountId).where('id', '=', seatId).executeTakeFirst();

/** A connected seat (valid or invalid) of this account; disconnected seats are not found. */
export const connectedSeat = (db: Kysely<DB>, accountId: string, seatId: string) =>
  db
    .selectFrom('seats')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', seatId)
    .where('status', '!=', 'disconnected')
    .executeTakeFirst();

export const connectedSeats = (db: Kysely<DB>, accountId: string) =>
  db
    .selectFrom('seats')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '!=', 'disconnected')
    .orderBy('connected_at')
    .orderBy('id')
    .execute();

export const insertSeat = (db: Kysely<DB>, row: SeatRow) => db.insertInto('seats').values(row).execute();

export const updateSeat = (db: Kysely<DB>, seatId: string, patch: Partial<Omit<SeatRow, 'id' | 'account_id'>>) =>
  db.updateTable('seats').set(patch).where('id', '=', seatId).execute();

/** Every connected seat of every account, for the operator's CLI. */
export const allConnectedSeats = (db: Kysely<DB>) =>
  db
    .selectFrom('seats')
    .innerJoin('accounts', 'accounts.id', 'seats.account_id')
    .select([
      'seats.id',
      'seats.status',
      'seats.label',
      'seats.member_id',
      'seats.daily_limit',
      'seats.invalid_reason',
      'seats.connected_at',
      'accounts.name as account_name',
    ])
    .where('seats.status', '!=', 'disconnected')
    .orderBy('accounts.name')
    .orderBy('seats.connected_at')
    .execute();

/** A connected seat by id, whatever its account (operator tools only). */
export const connectedSeatById = (db: Kysely<DB>, seatId: string) =>
  db.selectFrom('seats').selectAll().where('id', '=', seatId).where('status', '!=', 'disconnected').executeTakeFirst();
