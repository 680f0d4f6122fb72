/** The background's ports bound to the real browser. Call only inside the background's main(). */
import { browser } from 'wxt/browser';
import { systemClock } from '../clock.ts';
import { openDatabase } from '../db/database.ts';
import { LINKEDIN_URL } from '../seat/session.ts';
import { showSeatBadge } from './badge.ts';
import type { BackgroundDeps } from './deps.ts';

export function browserDeps(): BackgroundDeps {
  return {
    db: openDatabase(),
    clock: systemClock,
    random: Math.random,
    fetch: (url, init) => fetch(url, init),
    cookies: {
      // What the browser would send to www.linkedin.com: the .linkedin.com session cookies.
      get: async (name) => (await browser.cookies.get({ url: LINKEDIN_URL, name }))?.value ?? null,
    },
    userAgent: navigator.userAgent,
    alarms: {
      schedule: (name, when) => browser.alarms.create(name, { when }),
      repeat: async (name, periodInMinutes) => {
        if (!(await browser.alarms.get(name))) await browser.alarms.create(name, { periodInMinutes });
      },
      clear: async (name) => {
        await browser.alarms.clear(name);
      },
    },
    showSeat: (row) => showSeatBadge(browser.action, row),
    notify: async ({ id, title, message }) => {
      await browser.notifications.create(id, {
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon/128.png'),
        title,
        message,
      });
    },
    defer: (run, ms) => {
      setTimeout(run, ms);
    },
    hasHostAccess: (pattern) => browser.permissions.contains({ origins: [pattern] }),
  };
}
