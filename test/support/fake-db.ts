import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type LeadforgeDb, type OpenOptions, openDatabase } from '../../lib/db/database.ts';

/** A database of its own for each test: a fresh fake-indexeddb factory, so nothing leaks between tests. */
export function fakeIndexedDb(): Pick<OpenOptions, 'indexedDB' | 'IDBKeyRange'> {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

export function freshDatabase(): LeadforgeDb {
  return openDatabase(fakeIndexedDb());
}
