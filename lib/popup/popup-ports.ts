/** The popup's ports bound to the real extension. */
import { browser } from 'wxt/browser';
import { sendToBackground } from '../background/send-message.ts';
import { openDatabase } from '../db/database.ts';
import { readJobs, readRecords } from '../db/jobs-store.ts';
import { readSnapshot } from '../db/read-snapshot.ts';
import { readSchedules } from '../db/schedules-store.ts';
import type { JobsPorts } from './jobs-store.ts';
import type { PopupPorts } from './popup-store.ts';

export function browserPopupPorts(): PopupPorts & JobsPorts {
  const db = openDatabase();
  return {
    readSnapshot: () => readSnapshot(db),
    send: sendToBackground,
    requestHostAccess: (pattern) => browser.permissions.request({ origins: [pattern] }),
    readJobs: () => readJobs(db),
    readSchedules: () => readSchedules(db),
    readRecords: (extractionId) => readRecords(db, extractionId),
    saveFile,
  };
}

/**
 * A download from the popup's own page: no `downloads` permission needed. The browser copies a
 * blob when the download starts, so the file is complete even if the popup closes right after;
 * the URL is released once the click has been handled.
 */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
