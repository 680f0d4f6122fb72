/**
 * The extension's IndexedDB database (dexie). It lives in the extension's origin, which content
 * scripts and web pages cannot open; the background and the popup share it.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { CreationRow, JobRow, RecordsRow } from './job-rows.ts';
import type { QuotaRow, SeatRow, SecretRow, SettingsRow } from './rows.ts';
import type { ScheduleRow } from './schedule-rows.ts';
import { declareVersions } from './versions.ts';

export const DB_NAME = 'leadforge';

export type LeadforgeDb = Dexie & {
  settings: EntityTable<SettingsRow, 'id'>;
  secrets: EntityTable<SecretRow, 'id'>;
  quota: EntityTable<QuotaRow, 'id'>;
  seat: EntityTable<SeatRow, 'id'>;
  jobs: EntityTable<JobRow, 'id'>;
  records: EntityTable<RecordsRow, 'extractionId'>;
  creations: EntityTable<CreationRow, 'requestId'>;
  schedules: EntityTable<ScheduleRow, 'id'>;
};

export interface OpenOptions {
  name?: string;
  /** For tests: fake-indexeddb's factory and key range. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** For migration tests: declare only the versions up to this one. */
  upTo?: number;
}

/** Opens lazily: nothing touches IndexedDB until the first query. */
export function openDatabase(options: OpenOptions = {}): LeadforgeDb {
  const { name = DB_NAME, upTo, ...dexieOptions } = options;
  // A typed view of the tables that the versions declare; Dexie adds them as properties.
  const db = new Dexie(name, dexieOptions) as LeadforgeDb;
  declareVersions(db, upTo);
  return db;
}
