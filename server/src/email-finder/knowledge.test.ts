import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDialect, freshDatabase, type TestDatabase } from '../../test/support/databases.ts';
import { dominantPattern } from '../finder/index.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { openStore, type Store, writeTransaction } from '../store/store.ts';
import { FinderKnowledge, type Learning, persistLearnings, storedKnowledge } from './knowledge.ts';

const find = (first: string, last: string, local: string, extra: Partial<Learning> = {}): Learning => ({
  domain: 'acme.test',
  address: `${local}@acme.test`,
  name: { firstName: first, lastName: last },
  companyName: null,
  domainSource: 'given',
  ...extra,
});

describeEachDialect('the finder’s learned knowledge in the store', (dialect) => {
  let db: TestDatabase;
  let stores: Store[];

  beforeEach(async () => {
    db = await freshDatabase(dialect);
    // Two processes share a PostgreSQL database; SQLite is one process's (a second connection in the
    // same process would block its event loop waiting for the first's write lock).
    const first = openStore(db.config);
    stores = dialect === 'postgres' ? [first, openStore(db.config)] : [first];
    await migrateToLatest(stores[0] as Store);
  });
  afterEach(async () => {
    for (const s of stores) await s.close();
    await db.drop();
  });

  const learn = (store: Store, learnings: Learning[], mode: 'test' | 'live' = 'test') =>
    writeTransaction(store, null, (tx) => persistLearnings(tx, store.caps.rowLocks, mode, learnings, 1));

  it('folds confirmed finds into the domain’s pattern, per world, and a later run reads it', async () => {
    const [a] = stores as [Store];
    await learn(a, [find('Ann', 'Lee', 'alee')]);
    await learn(a, [find('Bo', 'Berg', 'bberg')]);
    const test = await storedKnowledge(a.db, 'test').pattern('acme.test');
    expect(test?.examples).toBe(2);
    expect(dominantPattern(test)?.pattern).toBe('flast');
    expect(await storedKnowledge(a.db, 'live').pattern('acme.test')).toBeNull();
  });

  it('loses no example when two processes learn at the same domain at once', async () => {
    const people = Array.from({ length: 12 }, (_, i) => find(`Ann${'x'.repeat(i)}`, 'Lee', `ann${'x'.repeat(i)}.lee`));
    await Promise.all(people.map((p, i) => learn(stores[i % stores.length] as Store, [p])));
    const learned = await storedKnowledge((stores[0] as Store).db, 'test').pattern('acme.test');
    expect(learned?.examples).toBe(12);
    expect(dominantPattern(learned)?.pattern).toBe('first.last');
  });

  it('remembers the domain of a company whose name led to a confirmed address, not one it already knew', async () => {
    const [a] = stores as [Store];
    await learn(a, [
      find('Ann', 'Lee', 'alee', { companyName: 'Acme GmbH', domainSource: 'guessed' }),
      find('Bo', 'Berg', 'bberg', { domain: 'other.test', companyName: 'Other Inc', domainSource: 'known' }),
    ]);
    const source = storedKnowledge(a.db, 'test');
    expect(await source.companyDomain('acme')).toBe('acme.test');
    expect(await source.companyDomain('other')).toBeNull();
    await learn(a, [
      find('Cy', 'Dahl', 'cdahl', { domain: 'acme-group.test', companyName: 'ACME', domainSource: 'given' }),
    ]);
    expect(await source.companyDomain('acme')).toBe('acme-group.test');
  });

  it('a run sees its own finds at once, over what the store knew', async () => {
    const [a] = stores as [Store];
    await learn(a, [find('Ann', 'Lee', 'alee')]);
    const run = new FinderKnowledge(storedKnowledge(a.db, 'test'));
    expect(dominantPattern(await run.learned('acme.test'))).toBeNull();
    run.learn(find('Bo', 'Berg', 'bberg', { companyName: 'Acme', domainSource: 'guessed' }));
    expect(dominantPattern(await run.learned('acme.test'))?.pattern).toBe('flast');
    expect(await run.lookup('acme')).toBe('acme.test');
  });
});
