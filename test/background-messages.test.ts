import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../entrypoints/background.ts';
import { type BackgroundServices, handleMessage } from '../lib/background/handle-message.ts';
import { sendToBackground } from '../lib/background/send-message.ts';
import { type MessageType, SENDERS } from '../lib/messages.ts';
import { SEAT_SYNC_ALARM } from '../lib/seat/seat-sync.ts';

const id = fakeBrowser.runtime.id;
const JOB = {
  id: 'extraction:e-1',
  source: 'extraction' as const,
  remoteId: 'e-1',
  name: 'CXOs',
  what: 'Lead search',
  state: 'queued' as const,
  status: 'ACCEPTED',
  progress: 0,
  total: null,
  produced: null,
  failure: null,
  createdAt: 1,
  cached: null,
};
const REQUEST_ID = '0190c9e2-7a5b-7c3d-8e9f-0a1b2c3d4e5f';
const SCHEDULE_ID = '0190b2c4-1234-7abc-8def-0123456789ab';
const SEARCH_URL = 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)';
const STATE = {
  ok: true as const,
  snapshot: { settings: null, quota: null, seat: { status: 'not-connected' as const, seatId: null, problem: null } },
  problem: null,
};

function context(services: Partial<BackgroundServices> = {}) {
  return {
    extensionId: id,
    extensionUrl: `chrome-extension://${id}/`,
    version: '1.2.3',
    services: {
      refresh: vi.fn(async () => STATE),
      saveSettings: vi.fn(async () => STATE),
      reconnect: vi.fn(async () => STATE),
      startExtraction: vi.fn(async () => ({ ok: true as const, job: JOB, prospect: null })),
      refreshJobs: vi.fn(async () => ({ ok: true as const, jobs: [JOB], schedules: [], problem: null })),
      cacheRecords: vi.fn(async () => ({ ok: true as const })),
      buildSearch: vi.fn(async () => ({ ok: true as const, url: SEARCH_URL, filtersUsed: { REGION: ['France'] } })),
      updateSchedule: vi.fn(async () => ({ ok: true as const, schedules: [], problem: null })),
      stopSchedule: vi.fn(async () => ({ ok: true as const, schedules: [], problem: null })),
      ...services,
    },
  };
}

const popup: Browser.runtime.MessageSender = { id, url: `chrome-extension://${id}/popup.html` };
const popupInTab = { id, url: `chrome-extension://${id}/popup.html`, tab: { id: 3 } } as Browser.runtime.MessageSender;
const content = {
  id,
  url: 'https://www.linkedin.com/sales/search/people?x=1',
  tab: { id: 7 },
} as Browser.runtime.MessageSender;

const MESSAGES: Record<MessageType, object> = {
  ping: { type: 'ping' },
  refresh: { type: 'refresh' },
  'save-settings': { type: 'save-settings', baseUrl: 'http://127.0.0.1:8080', apiKey: 'lf_test_x' },
  'reconnect-seat': { type: 'reconnect-seat', seatId: 'seat-1' },
  'start-extraction': {
    type: 'start-extraction',
    requestId: REQUEST_ID,
    pageUrl: 'https://www.linkedin.com/sales/lists/people/123',
    name: 'My list',
    enrich: 'all',
  },
  'refresh-jobs': { type: 'refresh-jobs' },
  'cache-records': { type: 'cache-records', extractionId: 'e-1' },
  'build-search': { type: 'build-search', description: 'CTOs in France', searchType: 'LEAD' },
  'update-schedule': { type: 'update-schedule', scheduleId: SCHEDULE_ID, change: { paused: true } },
  'stop-schedule': { type: 'stop-schedule', scheduleId: SCHEDULE_ID },
};

describe('handleMessage', () => {
  it('answers ping with the version', async () => {
    await expect(handleMessage({ type: 'ping' }, popup, context())).resolves.toEqual({ ok: true, version: '1.2.3' });
  });

  it.each(Object.keys(MESSAGES) as MessageType[])(
    'accepts "%s" only from the senders allowed to send it',
    async (type) => {
      for (const [kind, sender] of [
        ['extension-page', popup],
        ['extension-page', popupInTab],
        ['content-script', content],
      ] as const) {
        const reply = await handleMessage(MESSAGES[type], sender, context());
        if (SENDERS[type].includes(kind)) expect(reply).toMatchObject({ ok: true });
        else expect(reply).toMatchObject({ ok: false, error: { type: 'forbidden_sender' } });
      }
    },
  );

  it('keeps content scripts away from the key, the seat and the jobs, and lets them start an extraction', () => {
    expect(SENDERS['save-settings']).toEqual(['extension-page']);
    expect(SENDERS['reconnect-seat']).toEqual(['extension-page']);
    expect(SENDERS['refresh-jobs']).toEqual(['extension-page']);
    expect(SENDERS['cache-records']).toEqual(['extension-page']);
    expect(SENDERS['start-extraction']).toContain('content-script');
    expect(SENDERS['build-search']).toEqual(['extension-page']);
    // A schedule is made from the page (start-extraction's repeat), and managed only in the popup.
    expect(SENDERS['update-schedule']).toEqual(['extension-page']);
    expect(SENDERS['stop-schedule']).toEqual(['extension-page']);
  });

  it('hands a repeat with the extraction request, and each schedule change, to its service', async () => {
    const ctx = context();
    const search = { ...MESSAGES['start-extraction'], pageUrl: SEARCH_URL, repeat: 'weekly' };
    await handleMessage(search, content, ctx);
    expect(ctx.services.startExtraction).toHaveBeenCalledWith(
      expect.objectContaining({ pageUrl: SEARCH_URL, repeat: 'weekly' }),
    );
    await handleMessage(
      { type: 'update-schedule', scheduleId: SCHEDULE_ID, change: { name: '  Weekly CTOs ' } },
      popup,
      ctx,
    );
    expect(ctx.services.updateSchedule).toHaveBeenCalledWith(SCHEDULE_ID, { name: 'Weekly CTOs' });
    await handleMessage(
      { type: 'update-schedule', scheduleId: SCHEDULE_ID, change: { frequency: 'monthly' } },
      popup,
      ctx,
    );
    expect(ctx.services.updateSchedule).toHaveBeenCalledWith(SCHEDULE_ID, { frequency: 'monthly' });
    await handleMessage(MESSAGES['stop-schedule'], popup, ctx);
    expect(ctx.services.stopSchedule).toHaveBeenCalledWith(SCHEDULE_ID);
  });

  it('hands a search description to its service, and its answer back', async () => {
    const ctx = context();
    const reply = await handleMessage(
      { type: 'build-search', description: 'Heads of Growth at SaaS companies', searchType: 'ACCOUNT' },
      popup,
      ctx,
    );
    expect(ctx.services.buildSearch).toHaveBeenCalledWith({
      description: 'Heads of Growth at SaaS companies',
      searchType: 'ACCOUNT',
    });
    expect(reply).toEqual({ ok: true, url: SEARCH_URL, filtersUsed: { REGION: ['France'] } });
  });

  it('lets a short description through to the service, whose refusal says what to write', async () => {
    const ctx = context();
    await handleMessage({ type: 'build-search', description: '', searchType: 'LEAD' }, popup, ctx);
    expect(ctx.services.buildSearch).toHaveBeenCalledWith({ description: '', searchType: 'LEAD' });
  });

  it('hands an extraction request to its service, without the message type', async () => {
    const ctx = context();
    await handleMessage(MESSAGES['start-extraction'], content, ctx);
    expect(ctx.services.startExtraction).toHaveBeenCalledWith({
      requestId: REQUEST_ID,
      pageUrl: 'https://www.linkedin.com/sales/lists/people/123',
      name: 'My list',
      enrich: 'all',
    });
  });

  it('hands each message to its service', async () => {
    const ctx = context();
    await handleMessage(MESSAGES['save-settings'], popup, ctx);
    await handleMessage(MESSAGES['reconnect-seat'], popup, ctx);
    expect(ctx.services.saveSettings).toHaveBeenCalledWith({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'lf_test_x' });
    expect(ctx.services.reconnect).toHaveBeenCalledWith('seat-1');
  });

  it.each([
    ['an unknown type', { type: 'delete-everything' }, 'Unknown or malformed message "delete-everything".'],
    ['extra fields', { type: 'ping', apiKey: 'lf_live_x' }, 'Unknown or malformed message "ping".'],
    ['a missing field', { type: 'save-settings' }, 'Unknown or malformed message "save-settings".'],
    ['a wrong field type', { type: 'reconnect-seat', seatId: 7 }, 'Unknown or malformed message "reconnect-seat".'],
    [
      'an extraction without a request id',
      { type: 'start-extraction', requestId: 'x', pageUrl: 'https://www.linkedin.com/sales/lead/1', enrich: 'none' },
      'Unknown or malformed message "start-extraction".',
    ],
    [
      'an extraction with an unknown enrichment',
      { type: 'start-extraction', requestId: REQUEST_ID, pageUrl: 'https://x', enrich: 'some' },
      'Unknown or malformed message "start-extraction".',
    ],
    [
      'a search of an unknown kind',
      { type: 'build-search', description: 'CTOs in France', searchType: 'PEOPLE' },
      'Unknown or malformed message "build-search".',
    ],
    [
      'a search description longer than the service reads',
      { type: 'build-search', description: 'x'.repeat(2001), searchType: 'LEAD' },
      'Unknown or malformed message "build-search".',
    ],
    [
      'an extraction repeated hourly',
      { type: 'start-extraction', requestId: REQUEST_ID, pageUrl: SEARCH_URL, enrich: 'none', repeat: 'hourly' },
      'Unknown or malformed message "start-extraction".',
    ],
    [
      'a schedule change of two things at once',
      { type: 'update-schedule', scheduleId: SCHEDULE_ID, change: { paused: true, name: 'x' } },
      'Unknown or malformed message "update-schedule".',
    ],
    [
      'a schedule renamed to nothing',
      { type: 'update-schedule', scheduleId: SCHEDULE_ID, change: { name: '   ' } },
      'Unknown or malformed message "update-schedule".',
    ],
    [
      'a schedule repeated at a frequency the service does not know',
      { type: 'update-schedule', scheduleId: SCHEDULE_ID, change: { frequency: 'hourly' } },
      'Unknown or malformed message "update-schedule".',
    ],
    ['no type', { hello: 1 }, 'Unknown or malformed message.'],
    ['a string', 'ping', 'Unknown or malformed message.'],
    ['nothing', undefined, 'Unknown or malformed message.'],
  ])('refuses %s', async (_, raw, message) => {
    await expect(handleMessage(raw, popup, context())).resolves.toEqual({
      ok: false,
      error: { type: 'invalid_message', message },
    });
  });

  it.each<[string, Browser.runtime.MessageSender]>([
    ['another extension', { id: 'someone-else', url: 'chrome-extension://someone-else/popup.html' }],
    ['a tab that is not Sales Navigator', { id, url: 'https://evil.test/sales/x', tab: { id: 1 } } as never],
    ['a lookalike host', { id, url: 'https://www.linkedin.com.evil.test/sales/x', tab: { id: 1 } } as never],
    ['LinkedIn outside /sales/', { id, url: 'https://www.linkedin.com/feed/', tab: { id: 1 } } as never],
    ['a sender with no URL', { id }],
  ])('refuses %s', async (_, sender) => {
    await expect(handleMessage({ type: 'ping' }, sender, context())).resolves.toMatchObject({
      ok: false,
      error: { type: 'forbidden_sender' },
    });
  });

  it('turns a failing service into a plain refusal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ctx = context({ refresh: async () => Promise.reject(new Error('IndexedDB is broken')) });
    const reply = await handleMessage({ type: 'refresh' }, popup, ctx);
    expect(reply).toEqual({
      ok: false,
      error: { type: 'internal_error', message: expect.stringMatching(/^Something went wrong inside the extension/) },
    });
  });
});

/** fakeBrowser leaves cookies and permissions unimplemented: a small stand-in for both. */
function fakeCookiesAndPermissions() {
  const listeners: ((change: unknown) => void)[] = [];
  const cookies = new Map<string, string>();
  Object.assign(fakeBrowser.cookies, {
    get: async ({ name }: { name: string }) => (cookies.has(name) ? { name, value: cookies.get(name) } : null),
    onChanged: {
      addListener: (l: (change: unknown) => void) => listeners.push(l),
      hasListeners: () => listeners.length > 0,
    },
  });
  Object.assign(fakeBrowser.permissions, { contains: async () => false });
  return {
    cookies,
    change: (name: string, removed: boolean, cause: string) => {
      for (const l of listeners) l({ removed, cause, cookie: { name, domain: '.linkedin.com' } });
    },
  };
}

describe('the background entry point', () => {
  let jar: ReturnType<typeof fakeCookiesAndPermissions>;
  beforeEach(() => {
    fakeBrowser.reset();
    jar = fakeCookiesAndPermissions();
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (test)' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    // The fake browser does not implement getManifest; the real one reads manifest.json.
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Leadforge',
      version: '0.9.0',
    });
    background.main();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('registers its listeners synchronously in main()', () => {
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(true);
    expect(fakeBrowser.alarms.onAlarm.hasListeners()).toBe(true);
    expect(fakeBrowser.cookies.onChanged.hasListeners()).toBe(true);
  });

  it('answers ping through runtime.onMessage', async () => {
    const replies = await fakeBrowser.runtime.onMessage.trigger({ type: 'ping' }, popup, () => {});
    expect(replies).toEqual([{ ok: true, version: '0.9.0' }]);
  });

  it('answers a refresh before any key is saved with what to do', async () => {
    const [reply] = await fakeBrowser.runtime.onMessage.trigger({ type: 'refresh' }, popup, () => {});
    expect(reply).toMatchObject({
      ok: true,
      problem: { kind: 'not_configured', next: 'Open Settings and enter your API key.' },
    });
  });

  it('turns a session cookie change into a debounce alarm', async () => {
    jar.cookies.set('li_at', 'x'.repeat(30));
    jar.change('li_at', false, 'explicit');
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(SEAT_SYNC_ALARM)).toBeDefined());
  });

  it('marks a logout on the toolbar badge', async () => {
    jar.change('li_at', true, 'explicit');
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('!'));
  });

  it('round-trips a view’s typed ping', async () => {
    // The fake sendMessage only relays `return true` + sendResponse replies; webextension-polyfill
    // relays the promise a listener returns, which is what the background does. Emulate that.
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
      const [reply] = await fakeBrowser.runtime.onMessage.trigger(message, popup, () => {});
      return reply;
    });
    await expect(sendToBackground({ type: 'ping' })).resolves.toEqual({ ok: true, version: '0.9.0' });
  });

  it('tells the view when nothing answers', async () => {
    fakeBrowser.runtime.onMessage.removeAllListeners();
    const reply = await sendToBackground({ type: 'ping' });
    expect(reply).toMatchObject({ ok: false, error: { type: 'internal_error' } });
  });
});
