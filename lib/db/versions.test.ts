import { describe, expect, it } from 'vitest';
import { fakeIndexedDb } from '../../test/support/fake-db.ts';
import { openDatabase } from './database.ts';
import { readApiKey, readSettings } from './settings-store.ts';
import { DB_VERSION } from './versions.ts';

const KEY = 'lf_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAwxyz';

/** A database as version `upTo` of the extension left it, then opened by this version. */
async function upgradedFrom(upTo: number, fill: (db: ReturnType<typeof openDatabase>) => Promise<void>) {
  const idb = fakeIndexedDb();
  const old = openDatabase({ ...idb, upTo });
  await old.open();
  await fill(old);
  old.close();
  const db = openDatabase(idb);
  await db.open();
  return db;
}

describe('the extension database', () => {
  it('opens a fresh install at the newest version, with every table', async () => {
    const db = openDatabase(fakeIndexedDb());
    await db.open();
    expect(db.verno).toBe(DB_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'creations',
      'jobs',
      'quota',
      'records',
      'schedules',
      'seat',
      'secrets',
      'settings',
    ]);
  });

  it('moves the API key out of the settings row (version 1 to 2)', async () => {
    const db = await upgradedFrom(1, async (old) => {
      await old.table('settings').put({ id: 'service', baseUrl: 'http://127.0.0.1:8080', apiKey: KEY });
    });
    expect(db.verno).toBe(DB_VERSION);
    await expect(readApiKey(db)).resolves.toBe(KEY);
    const settings = await db.settings.get('service');
    expect(settings).toMatchObject({ baseUrl: 'http://127.0.0.1:8080', keyHint: 'lf_test_…wxyz' });
    expect(settings).not.toHaveProperty('apiKey');
  });

  it('drops a version 1 settings row it cannot read, rather than keep half of it', async () => {
    const db = await upgradedFrom(1, async (old) => {
      await old.table('settings').put({ id: 'service', baseUrl: 42 });
    });
    await expect(readSettings(db)).resolves.toBeNull();
    await expect(readApiKey(db)).resolves.toBeNull();
  });

  it('keeps the version 1 quota cache', async () => {
    const db = await upgradedFrom(1, async (old) => {
      await old.table('quota').put({ id: 'latest', info: { credits: 5 }, fetchedAt: 1 });
    });
    await expect(db.quota.get('latest')).resolves.toMatchObject({ fetchedAt: 1 });
  });

  it('upgrades an empty version 1 database', async () => {
    const db = await upgradedFrom(1, async () => {});
    await expect(readSettings(db)).resolves.toBeNull();
  });

  it('adds the extraction tables to a version 2 database and keeps its settings, key and seat (2 to 3)', async () => {
    const db = await upgradedFrom(2, async (old) => {
      await old.table('settings').put({ id: 'service', baseUrl: 'http://127.0.0.1:8080', keyHint: 'h', savedAt: 1 });
      await old.table('secrets').put({ id: 'apiKey', value: KEY });
      await old.table('seat').put({ id: 'browser', status: 'connected' });
    });
    expect(db.verno).toBe(DB_VERSION);
    await expect(readApiKey(db)).resolves.toBe(KEY);
    await expect(db.seat.get('browser')).resolves.toMatchObject({ status: 'connected' });
    await db.jobs.put({ id: 'extraction:a', createdAt: 2 } as never);
    await db.jobs.put({ id: 'extraction:b', createdAt: 1 } as never);
    // createdAt is indexed: the popup lists jobs newest first.
    await expect(db.jobs.orderBy('createdAt').reverse().primaryKeys()).resolves.toEqual([
      'extraction:a',
      'extraction:b',
    ]);
    await db.creations.put({ requestId: 'r', extractionId: 'e' } as never);
    await expect(db.creations.where('extractionId').equals('e').count()).resolves.toBe(1);
  });

  it('adds the schedules table to a version 3 database and keeps its jobs (3 to 4)', async () => {
    const db = await upgradedFrom(3, async (old) => {
      await old.table('jobs').put({ id: 'extraction:a', createdAt: 2 });
    });
    expect(db.verno).toBe(4);
    await expect(db.jobs.get('extraction:a')).resolves.toMatchObject({ createdAt: 2 });
    await db.schedules.put({ id: 'late', nextRunAt: 9 } as never);
    await db.schedules.put({ id: 'soon', nextRunAt: 1 } as never);
    // nextRunAt is indexed: the popup lists schedules soonest run first, as the service does.
    await expect(db.schedules.orderBy('nextRunAt').primaryKeys()).resolves.toEqual(['soon', 'late']);
  });
});
