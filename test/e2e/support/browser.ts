/**
 * Debian's Chromium with the built extension loaded, driven by playwright-core (never a browser
 * that Playwright downloads). www.linkedin.com resolves to the fake LinkedIn server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { removeDir } from './companion.ts';

export const CHROMIUM = '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker, waiting for it to start again if Chrome stopped it. */
  worker(): Promise<Worker>;
  /** Opens popup.html as a page; `errors` collects what its console reports as errors. */
  openPopup(): Promise<{ page: Page; errors: string[] }>;
  /** Stops the extension's service worker, as Chrome does after 30 s idle. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function launchWithExtension(extensionDir: string, linkedinPort: number): Promise<ExtensionBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'lf-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The fake LinkedIn answers for www.linkedin.com with a self-signed certificate; every other
      // name fails to resolve, so nothing the browser does can reach the internet. 127.0.0.1 (the
      // service) is excluded: `*` would otherwise match the IP literal too.
      `--host-resolver-rules=MAP www.linkedin.com 127.0.0.1:${linkedinPort}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
    ],
  });
  const worker = async () => context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL((await worker()).url()).host;

  return {
    context,
    extensionId,
    worker,
    async openPopup() {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`chrome-extension://${extensionId}/popup.html`);
      return { page, errors };
    },
    async stopWorker() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    async close() {
      await context.close();
      removeDir(profile);
    },
  };
}
