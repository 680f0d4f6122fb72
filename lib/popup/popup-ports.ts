/** The popup's ports bound to the real extension. */
import { browser } from 'wxt/browser';
import { sendToBackground } from '../background/send-message.ts';
import { openDatabase } from '../db/database.ts';
import { readSnapshot } from '../db/read-snapshot.ts';
import type { PopupPorts } from './popup-store.ts';

export function browserPopupPorts(): PopupPorts {
  const db = openDatabase();
  return {
    readSnapshot: () => readSnapshot(db),
    send: sendToBackground,
    requestHostAccess: (pattern) => browser.permissions.request({ origins: [pattern] }),
  };
}
