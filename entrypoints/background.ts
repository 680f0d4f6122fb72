import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { handleMessage } from '../lib/background/handle-message.ts';

// The service worker. Chrome stops it when idle, so it keeps no state in module variables, and
// main() stays synchronous: listeners registered after an await would miss the waking event.
export default defineBackground(() => {
  const ctx = { extensionId: browser.runtime.id, version: browser.runtime.getManifest().version };

  browser.runtime.onInstalled.addListener(({ reason }) => {
    console.info(`[leadforge] ${reason}: version ${ctx.version}`);
  });

  // Returning the promise is how webextension-polyfill (wxt/browser here) sends the async reply.
  browser.runtime.onMessage.addListener((message, sender) => handleMessage(message, sender, ctx));
});
