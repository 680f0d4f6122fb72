/**
 * The database's schema versions, oldest first. Dexie runs each `upgrade` once, in order, when a
 * browser holding an older version opens the database; a fresh install gets the newest layout at
 * once. Never edit a released version: add the next one. Tested in versions.test.ts.
 */
import type { Dexie, Transaction } from 'dexie';
import { keyHint } from '../settings/api-key.ts';

interface Version {
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

export const VERSIONS: readonly Version[] = [
  // 1: the first layout, with the API key inside the settings row.
  { stores: { settings: 'id', quota: 'id' } },
  // 2: the key moves to its own table that only the background reads, so the popup can read the
  // settings row freely; this browser's seat gets a table.
  {
    stores: { secrets: 'id', seat: 'id' },
    upgrade: async (tx) => {
      const settings = tx.table('settings');
      const old = (await settings.get('service')) as { baseUrl?: unknown; apiKey?: unknown } | undefined;
      if (!old) return;
      if (typeof old.apiKey !== 'string' || typeof old.baseUrl !== 'string') {
        await settings.delete('service');
        return;
      }
      await tx.table('secrets').put({ id: 'apiKey', value: old.apiKey });
      await settings.put({ id: 'service', baseUrl: old.baseUrl, keyHint: keyHint(old.apiKey), savedAt: Date.now() });
    },
  },
  // 3: extractions. The jobs the popup lists (newest first by createdAt), the records of finished
  // extractions for CSV download, and the creations this browser sent (looked up by extraction id
  // when a stopped worker has to find out whether its request arrived). New tables only: nothing
  // to move.
  { stores: { jobs: 'id, createdAt', records: 'extractionId', creations: 'requestId, extractionId' } },
  // 4: recurring exports. The schedules as the service last listed them (soonest next run first),
  // so the popup opens with them before the background has asked. A new table: nothing to move.
  { stores: { schedules: 'id, nextRunAt' } },
];

export const DB_VERSION = VERSIONS.length;

/** Declares versions 1..`upTo` on `db` (tests stop early to build an old database). */
export function declareVersions(db: Dexie, upTo: number = DB_VERSION): void {
  VERSIONS.slice(0, upTo).forEach((version, index) => {
    const declared = db.version(index + 1).stores(version.stores);
    if (version.upgrade) declared.upgrade(version.upgrade);
  });
}
