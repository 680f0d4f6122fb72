import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { browserDeps } from '../lib/background/browser-deps.ts';
import { handleMessage } from '../lib/background/handle-message.ts';
import { wireBackground } from '../lib/background/wire.ts';
import { JOBS_ALARM } from '../lib/jobs/job-sync.ts';
import { SCHEDULES_ALARM } from '../lib/recurring/schedule-sync.ts';
import { SEAT_SYNC_ALARM } from '../lib/seat/seat-sync.ts';

// The service worker, and the only /v1 client. Chrome stops it when idle, so everything it knows
// lives in IndexedDB (lib/db/), its timers are alarms, and main() stays synchronous: listeners
// registered after an await would miss the event that woke the worker.
export default defineBackground(() => {
  const { seats, jobs, services } = wireBackground(browserDeps());
  const ctx = {
    extensionId: browser.runtime.id,
    extensionUrl: browser.runtime.getURL('/'),
    version: browser.runtime.getManifest().version,
    services,
  };

  // Returning the promise is how webextension-polyfill (wxt/browser here) sends the async reply.
  browser.runtime.onMessage.addListener((message, sender) => handleMessage(message, sender, ctx));

  browser.cookies.onChanged.addListener((change) => {
    void seats.onCookieChanged(change).catch(logFailure('cookie change'));
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SEAT_SYNC_ALARM) void seats.runDue().catch(logFailure('seat sync'));
    // Polls while any job is active; the refresh clears the alarm once none is. When a schedule's
    // run is due, the refresh finds the run, and the jobs alarm follows it from there.
    if (alarm.name === JOBS_ALARM || alarm.name === SCHEDULES_ALARM) {
      void jobs.refresh().catch(logFailure('jobs refresh'));
    }
  });
  browser.runtime.onStartup.addListener(() => {
    void seats.resume().catch(logFailure('startup'));
    void jobs.resume().catch(logFailure('startup'));
  });
  browser.runtime.onInstalled.addListener(({ reason }) => {
    console.info(`[leadforge] ${reason}: version ${ctx.version}`);
    void seats.resume().catch(logFailure('install'));
    void jobs.resume().catch(logFailure('install'));
  });
});

/** Logs what failed, never with what (no cookie or key reaches an error message here). */
function logFailure(what: string) {
  return (error: unknown) =>
    console.error(`[leadforge] ${what} failed:`, error instanceof Error ? error.message : error);
}
