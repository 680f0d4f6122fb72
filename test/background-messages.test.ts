import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../entrypoints/background.ts';
import { handleMessage } from '../lib/background/handle-message.ts';
import { sendToBackground } from '../lib/background/send-message.ts';

const ctx = { extensionId: fakeBrowser.runtime.id, version: '1.2.3' };
const popup: Browser.runtime.MessageSender = {
  id: ctx.extensionId,
  url: `chrome-extension://${ctx.extensionId}/popup.html`,
};

describe('handleMessage', () => {
  it('answers ping with the version', async () => {
    await expect(handleMessage({ type: 'ping' }, popup, ctx)).resolves.toEqual({ ok: true, version: '1.2.3' });
  });

  it('answers ping from a content script too', async () => {
    const content = { id: ctx.extensionId, tab: { id: 7 } } as Browser.runtime.MessageSender;
    await expect(handleMessage({ type: 'ping' }, content, ctx)).resolves.toMatchObject({ ok: true });
  });

  it.each([
    ['an unknown type', { type: 'delete-everything' }, 'Unknown or malformed message "delete-everything".'],
    ['extra fields', { type: 'ping', apiKey: 'lf_live_x' }, 'Unknown or malformed message "ping".'],
    ['no type', { hello: 1 }, 'Unknown or malformed message.'],
    ['a string', 'ping', 'Unknown or malformed message.'],
    ['nothing', undefined, 'Unknown or malformed message.'],
  ])('refuses %s', async (_, raw, message) => {
    await expect(handleMessage(raw, popup, ctx)).resolves.toEqual({
      ok: false,
      error: { type: 'invalid_message', message },
    });
  });

  it('refuses another extension', async () => {
    const reply = await handleMessage({ type: 'ping' }, { id: 'someone-else' }, ctx);
    expect(reply).toMatchObject({ ok: false, error: { type: 'forbidden_sender' } });
  });
});

describe('the background entry point', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    // The fake browser does not implement getManifest; the real one reads manifest.json.
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Leadforge',
      version: '0.9.0',
    });
    background.main();
  });

  it('registers its listeners synchronously in main()', () => {
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
  });

  it('answers ping through runtime.onMessage', async () => {
    const replies = await fakeBrowser.runtime.onMessage.trigger({ type: 'ping' }, popup, () => {});
    expect(replies).toEqual([{ ok: true, version: '0.9.0' }]);
  });

  it('refuses an unknown message through runtime.onMessage', async () => {
    const replies = await fakeBrowser.runtime.onMessage.trigger({ type: 'nope' }, popup, () => {});
    expect(replies).toEqual([{ ok: false, error: { type: 'invalid_message', message: expect.any(String) } }]);
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
