import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.ts';
import { ApiError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import {
  type CreditEntry,
  entryById,
  entryByKey,
  insertEntry,
  latestEntry,
  settlementOf,
} from '../store/credit-ledger-repo.ts';
import type { CreditEntryKind, DB } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';

export interface Balance {
  /** Credits that can be spent now. */
  available: number;
  /** Credits set aside by holds not yet committed or released. */
  held: number;
}

/**
 * The credit ledger's operations. Every write is one appended entry, made under the account's
 * write lock (see writeTransaction), and idempotent under the caller's key: the same key gives
 * back the first result and appends nothing. The balance can never go below zero: a hold or debit
 * the balance cannot cover throws InsufficientCredits, and the table's check constraint backs it.
 */
export class Credits {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async balance(accountId: string, db: Kysely<DB> = this.store.db): Promise<Balance> {
    const last = await latestEntry(db, accountId);
    return { available: last?.available_after ?? 0, held: last?.held_after ?? 0 };
  }

  /** Whether `amount` could be held or debited now (no lock: an answer, not a promise). */
  async check(accountId: string, amount: number): Promise<boolean> {
    return (await this.balance(accountId)).available >= amount;
  }

  async grant(accountId: string, amount: number, key: string, memo?: string, tx?: Kysely<DB>): Promise<CreditEntry> {
    assertAmount(amount);
    return this.append(tx, accountId, key, 'grant', amount, null, memo, (b) => ({
      available: b.available + amount,
      held: b.held,
    }));
  }

  async debit(accountId: string, amount: number, key: string, memo?: string, tx?: Kysely<DB>): Promise<CreditEntry> {
    assertAmount(amount);
    return this.append(tx, accountId, key, 'debit', amount, null, memo, (b) => {
      requireCover(b, amount);
      return { available: b.available - amount, held: b.held };
    });
  }

  /** Sets `amount` aside. The returned entry's id is the hold's id for commit and release. */
  async hold(accountId: string, amount: number, key: string, memo?: string, tx?: Kysely<DB>): Promise<CreditEntry> {
    assertAmount(amount);
    return this.append(tx, accountId, key, 'hold', amount, null, memo, (b) => {
      requireCover(b, amount);
      return { available: b.available - amount, held: b.held + amount };
    });
  }

  /**
   * Settles a hold by debiting `amount` of it (default: all of it); the rest returns to the
   * available balance. A hold is settled once: committing or releasing it again under another
   * key fails.
   */
  async commitHold(
    accountId: string,
    holdId: string,
    key: string,
    amount?: number,
    tx?: Kysely<DB>,
  ): Promise<CreditEntry> {
    return this.settle(tx, accountId, holdId, key, 'commit', amount);
  }

  /** Settles a hold by returning all of it to the available balance. */
  async releaseHold(accountId: string, holdId: string, key: string, tx?: Kysely<DB>): Promise<CreditEntry> {
    return this.settle(tx, accountId, holdId, key, 'release');
  }

  private settle(
    outer: Kysely<DB> | undefined,
    accountId: string,
    holdId: string,
    key: string,
    kind: 'commit' | 'release',
    commitAmount?: number,
  ): Promise<CreditEntry> {
    return this.locked(outer, accountId, async (tx) => {
      const existing = await entryByKey(tx, accountId, key);
      if (existing) return sameOperation(existing, kind === 'commit' && commitAmount === 0 ? 'release' : kind, holdId);
      const hold = await entryById(tx, accountId, holdId);
      if (hold?.kind !== 'hold') throw new Error(`no hold ${holdId} on account ${accountId}`);
      if (await settlementOf(tx, accountId, holdId)) throw new Error(`hold ${holdId} is already settled`);
      const debited = kind === 'commit' ? (commitAmount ?? hold.amount) : 0;
      if (!Number.isInteger(debited) || debited < 0 || debited > hold.amount) {
        throw new Error(`cannot commit ${debited} of a hold of ${hold.amount}`);
      }
      // A commit of nothing is a release: entries always move a positive amount.
      const entryKind = debited === 0 ? 'release' : 'commit';
      return this.insertNext(
        tx,
        accountId,
        key,
        entryKind,
        debited === 0 ? hold.amount : debited,
        holdId,
        null,
        (b) => ({
          available: b.available + hold.amount - debited,
          held: b.held - hold.amount,
        }),
      );
    });
  }

  private append(
    outer: Kysely<DB> | undefined,
    accountId: string,
    key: string,
    kind: CreditEntryKind,
    amount: number,
    holdId: string | null,
    memo: string | undefined,
    next: (b: Balance) => Balance,
  ): Promise<CreditEntry> {
    return this.locked(outer, accountId, async (tx) => {
      const existing = await entryByKey(tx, accountId, key);
      if (existing) return sameOperation(existing, kind, holdId, amount);
      return this.insertNext(tx, accountId, key, kind, amount, holdId, memo ?? null, next);
    });
  }

  /**
   * Runs `fn` holding the account's ledger lock: in a transaction of its own, or inside the caller's
   * (a job writing its results and their charge together). In the caller's transaction on PostgreSQL
   * the account row is locked here; on SQLite the caller's transaction already holds the write lock.
   */
  private async locked<T>(
    outer: Kysely<DB> | undefined,
    accountId: string,
    fn: (tx: Kysely<DB>) => Promise<T>,
  ): Promise<T> {
    if (!outer) return writeTransaction(this.store, accountId, fn);
    if (this.store.caps.rowLocks) {
      await outer.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
    }
    return fn(outer);
  }

  private async insertNext(
    tx: Kysely<DB>,
    accountId: string,
    key: string,
    kind: CreditEntryKind,
    amount: number,
    holdId: string | null,
    memo: string | null,
    next: (b: Balance) => Balance,
  ): Promise<CreditEntry> {
    const last = await latestEntry(tx, accountId);
    const after = next({ available: last?.available_after ?? 0, held: last?.held_after ?? 0 });
    const row: CreditEntry = {
      id: newId(),
      account_id: accountId,
      seq: (last?.seq ?? 0) + 1,
      kind,
      amount,
      hold_id: holdId,
      idempotency_key: key,
      available_after: after.available,
      held_after: after.held,
      memo,
      created_at: this.clock.now(),
    };
    await insertEntry(tx, row);
    return row;
  }
}

function assertAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`credit amounts are positive whole numbers, got ${amount}`);
}

function requireCover(b: Balance, amount: number): void {
  if (b.available < amount) {
    throw new ApiError(
      'InsufficientCredits',
      `This needs ${amount} credits; the account has ${b.available} available.`,
    );
  }
}

/** A repeated key must name the same operation; anything else is a caller's bug, not a retry. */
function sameOperation(e: CreditEntry, kind: CreditEntryKind, holdId: string | null, amount?: number): CreditEntry {
  const kindMatches = e.kind === kind || (kind === 'commit' && e.kind === 'release');
  if (!kindMatches || (holdId !== null && e.hold_id !== holdId) || (amount !== undefined && e.amount !== amount)) {
    throw new Error(`idempotency key ${e.idempotency_key} was used for a different credit operation`);
  }
  return e;
}
