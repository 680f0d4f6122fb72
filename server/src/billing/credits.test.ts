import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDialect, freshDatabase, type TestDatabase } from '../../test/support/databases.ts';
import { ManualClock } from '../core/clock.ts';
import { ApiError } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { recomputeBalance } from '../store/credit-ledger-repo.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { openStore, type Store } from '../store/store.ts';
import { Credits } from './credits.ts';

describeEachDialect('credit ledger', (dialect) => {
  let db: TestDatabase;
  let store: Store;
  let credits: Credits;
  let account: string;

  beforeEach(async () => {
    db = await freshDatabase(dialect);
    store = openStore(db.config);
    await migrateToLatest(store);
    credits = new Credits(store, new ManualClock());
    account = newId();
    await store.db
      .insertInto('accounts')
      .values({ id: account, name: `a-${account}`, created_at: 0 })
      .execute();
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  const expectConsistent = async () => {
    expect(await recomputeBalance(store.db, account)).toEqual(await credits.balance(account));
  };

  it('starts empty and adds grants', async () => {
    expect(await credits.balance(account)).toEqual({ available: 0, held: 0 });
    await credits.grant(account, 100, 'g1');
    await credits.grant(account, 5, 'g2');
    expect(await credits.balance(account)).toEqual({ available: 105, held: 0 });
    expect(await credits.check(account, 105)).toBe(true);
    expect(await credits.check(account, 106)).toBe(false);
  });

  it('holds, commits part of a hold and returns the rest', async () => {
    await credits.grant(account, 100, 'g');
    const hold = await credits.hold(account, 60, 'h');
    expect(await credits.balance(account)).toEqual({ available: 40, held: 60 });
    await credits.commitHold(account, hold.id, 'c', 45);
    expect(await credits.balance(account)).toEqual({ available: 55, held: 0 });
    await expectConsistent();
  });

  it('commits a whole hold by default, and a commit of nothing is a release', async () => {
    await credits.grant(account, 100, 'g');
    const h1 = await credits.hold(account, 30, 'h1');
    const h2 = await credits.hold(account, 20, 'h2');
    await credits.commitHold(account, h1.id, 'c1');
    const settled = await credits.commitHold(account, h2.id, 'c2', 0);
    expect(settled.kind).toBe('release');
    expect(await credits.balance(account)).toEqual({ available: 70, held: 0 });
    await expectConsistent();
  });

  it('releases a hold whole', async () => {
    await credits.grant(account, 10, 'g');
    const h = await credits.hold(account, 10, 'h');
    expect(await credits.check(account, 1)).toBe(false);
    await credits.releaseHold(account, h.id, 'r');
    expect(await credits.balance(account)).toEqual({ available: 10, held: 0 });
  });

  it('settles a hold once only', async () => {
    await credits.grant(account, 10, 'g');
    const h = await credits.hold(account, 10, 'h');
    await credits.releaseHold(account, h.id, 'r1');
    await expect(credits.commitHold(account, h.id, 'c1')).rejects.toThrow(/already settled/);
    await expect(credits.commitHold(account, h.id, 'c2', 11)).rejects.toThrow();
    expect(await credits.balance(account)).toEqual({ available: 10, held: 0 });
  });

  it('refuses a hold or a debit the balance cannot cover, with InsufficientCredits', async () => {
    await credits.grant(account, 10, 'g');
    const err = await credits.debit(account, 11, 'd').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).type).toBe('InsufficientCredits');
    expect((err as ApiError).status).toBe(402);
    await expect(credits.hold(account, 11, 'h')).rejects.toMatchObject({ type: 'InsufficientCredits' });
    expect(await credits.balance(account)).toEqual({ available: 10, held: 0 });
    // a refused operation records nothing, so the same key can succeed later
    await credits.grant(account, 1, 'g2');
    await credits.debit(account, 11, 'd');
    expect(await credits.balance(account)).toEqual({ available: 0, held: 0 });
  });

  it('applies each idempotency key once, whatever the retries', async () => {
    const g1 = await credits.grant(account, 50, 'grant-once');
    const g2 = await credits.grant(account, 50, 'grant-once');
    expect(g2.id).toBe(g1.id);
    const h1 = await credits.hold(account, 20, 'hold-once');
    const h2 = await credits.hold(account, 20, 'hold-once');
    expect(h2.id).toBe(h1.id);
    await credits.commitHold(account, h1.id, 'commit-once', 15);
    await credits.commitHold(account, h1.id, 'commit-once', 15);
    await credits.debit(account, 5, 'debit-once');
    await credits.debit(account, 5, 'debit-once');
    expect(await credits.balance(account)).toEqual({ available: 30, held: 0 });
    await expectConsistent();
  });

  it('refuses a key reused for a different operation', async () => {
    await credits.grant(account, 50, 'k');
    await expect(credits.debit(account, 5, 'k')).rejects.toThrow(/different credit operation/);
    await expect(credits.grant(account, 51, 'k')).rejects.toThrow(/different credit operation/);
  });

  it('refuses amounts that are not positive whole numbers', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await expect(credits.grant(account, bad, `g${bad}`)).rejects.toThrow(/positive whole/);
    }
  });

  it('never goes below zero under concurrent debits and holds', async () => {
    await credits.grant(account, 100, 'g');
    const attempts = Array.from({ length: 150 }, (_, i) =>
      (i % 3 === 0 ? credits.hold(account, 1, `h${i}`) : credits.debit(account, 1, `d${i}`)).then(
        () => 'ok',
        (e: ApiError) => e.type,
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(100);
    expect(outcomes.filter((o) => o === 'InsufficientCredits')).toHaveLength(50);
    const b = await credits.balance(account);
    expect(b.available).toBe(0);
    expect(b.held + 0).toBe(outcomes.filter((o, i) => o === 'ok' && i % 3 === 0).length);
    await expectConsistent();
  });

  it('keeps accounts apart', async () => {
    const other = newId();
    await store.db
      .insertInto('accounts')
      .values({ id: other, name: `b-${other}`, created_at: 0 })
      .execute();
    await credits.grant(account, 10, 'same-key');
    await credits.grant(other, 20, 'same-key');
    expect((await credits.balance(account)).available).toBe(10);
    expect((await credits.balance(other)).available).toBe(20);
  });
});
