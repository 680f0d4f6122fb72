import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/fake-db.ts';
import { readQuota, readSeat, updateSeat, writeQuota } from './cache-store.ts';
import { readSnapshot } from './read-snapshot.ts';
import { readApiKey, saveSettings } from './settings-store.ts';

const KEY_A = 'lf_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const KEY_B = 'lf_live_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const QUOTA = { daily_limit: 1, used_today: 0, remaining: 1, has_valid_seat: true, credits: 7, seats: [] };

describe('the settings and cache stores', () => {
  it('never puts the key in the snapshot the popup reads', async () => {
    const db = freshDatabase();
    await saveSettings(db, 'http://127.0.0.1:8080', KEY_A, 1);
    const snapshot = await readSnapshot(db, 1);
    expect(snapshot.settings).toEqual({ baseUrl: 'http://127.0.0.1:8080', keyHint: 'lf_test_…AAAA' });
    expect(JSON.stringify(snapshot)).not.toContain(KEY_A);
    await expect(readApiKey(db)).resolves.toBe(KEY_A);
  });

  it('forgets the cached quota and the seat when the key changes, not when it is saved again', async () => {
    const db = freshDatabase();
    await saveSettings(db, 'http://127.0.0.1:8080', KEY_A, 1);
    await writeQuota(db, QUOTA, 2);
    await updateSeat(db, 3, () => ({ status: 'connected', seatId: 's1', sessionHash: 'h' }));

    await saveSettings(db, 'http://127.0.0.1:8080', KEY_A, 4);
    await expect(readQuota(db)).resolves.toEqual({ info: QUOTA, fetchedAt: 2 });
    await expect(readSeat(db, 4)).resolves.toMatchObject({ seatId: 's1' });

    await saveSettings(db, 'http://127.0.0.1:8080', KEY_B, 5);
    await expect(readQuota(db)).resolves.toBeNull();
    await expect(readSeat(db, 5)).resolves.toMatchObject({ status: 'not-connected', seatId: null, sessionHash: null });
  });

  it('treats a cached quota that no longer fits the contract as absent', async () => {
    const db = freshDatabase();
    await db.quota.put({ id: 'latest', info: { credits: 'many' } as never, fetchedAt: 1 });
    await expect(readQuota(db)).resolves.toBeNull();
  });

  it('starts with a seat that is not connected', async () => {
    await expect(readSeat(freshDatabase(), 9)).resolves.toMatchObject({
      status: 'not-connected',
      seatId: null,
      syncDueAt: null,
      updatedAt: 9,
    });
  });
});
