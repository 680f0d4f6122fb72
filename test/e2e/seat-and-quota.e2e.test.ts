/**
 * The built extension in Chromium against the real companion service and its sandbox sales tool,
 * served as www.linkedin.com: settings, seat connect, quota, cookie rotation, an invalid seat,
 * logout, a stopped service.
 * The steps share one browser and one service and run in order, as a user would go through them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from './support/browser.ts';
import { type Companion, removeDir, startCompanion } from './support/companion.ts';
import { listSeats } from './support/service-api.ts';

const extensionDir = inject('extensionDir');

/** The part of the worker's `chrome` global these tests read (evaluated inside the worker). */
type ChromeGlobal = { chrome: { action: { getBadgeText(details: object): Promise<string> } } };

describe.skipIf(!extensionDir)('the extension in Chromium', () => {
  let service: Companion;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    service = await startCompanion();
    browser = await launchWithExtension(extensionDir!, service.salesToolPort);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (service) removeDir(service.dataDir);
  });

  /** Visits a page of the simulated LinkedIn in a tab of its own, as the user would. */
  async function visit(path: string) {
    const page = await browser.context.newPage();
    await page.goto(`https://www.linkedin.com${path}`);
    await page.close();
  }

  const seats = () => listSeats(service.baseUrl, service.apiKey);

  it('refuses a key the service does not know, in plain words', async () => {
    const { page, errors } = await browser.openPopup();
    await page.getByTestId('settings-form').waitFor();
    await page.getByTestId('base-url').fill(service.baseUrl);

    await page.getByTestId('api-key').fill('not a key');
    await page.getByTestId('save').click();
    await expect(page.getByTestId('settings-notice').textContent()).resolves.toContain(
      'That is not a Leadforge API key',
    );

    await page.getByTestId('api-key').fill('lf_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByTestId('save').click();
    const notice = page.getByTestId('settings-notice').filter({ hasText: 'did not accept this API key' });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('Check the key');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('connects the logged-in Sales Navigator session as a seat when the key is saved', async () => {
    // Signs in as the sandbox's demo member: the simulator sets li_at, JSESSIONID and li_a.
    await visit('/login?as=demo');
    const { page, errors } = await browser.openPopup();
    await page.getByTestId('base-url').fill(service.baseUrl);
    await page.getByTestId('api-key').fill(service.apiKey);
    await page.getByTestId('save').click();

    await page.locator('[data-testid="seat-banner"][data-status="connected"]').waitFor();
    const [seat, ...others] = await seats();
    expect(others).toEqual([]);
    expect(seat?.status).toBe('valid');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows credits, the daily limit, usage and each seat as the service reports them', async () => {
    const { page, errors } = await browser.openPopup();
    await page.getByTestId('quota').waitFor();
    const text = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
    expect(await text('credits')).toBe('1,000');
    expect(await text('daily-limit')).toBe('2,500');
    expect(await text('used-today')).toBe('0');
    expect(await text('remaining')).toBe('2,500');
    const [seat] = await seats();
    const row = page.locator(`[data-testid="seat-row"][data-seat-id="${seat!.id}"]`);
    await expect(row.getByTestId('seat-status').textContent()).resolves.toBe('Connected');
    await expect(row.textContent()).resolves.toContain('this browser');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reconnects the same seat by itself when LinkedIn rotates the session, even from a stopped worker', async () => {
    const [before] = await seats();
    // Chrome stops idle workers; the cookie change must wake it and still lead to one reconnect.
    await (await browser.worker()).evaluate(() => {
      (globalThis as { beforeStop?: boolean }).beforeStop = true;
    });
    await browser.stopWorker();
    // Signing in again renews every session cookie: the browser reports overwrites, then new values.
    await visit('/login?as=demo');
    await expect
      .poll(async () => (await seats()).map((s) => [s.id, s.status, s.updated_at !== before!.updated_at]), {
        timeout: 15_000,
        interval: 250,
      })
      .toEqual([[before!.id, 'valid', true]]);
    // The reconnect was made by a new worker: nothing of the old one's memory was there.
    const marker = await (await browser.worker()).evaluate(() => (globalThis as { beforeStop?: boolean }).beforeStop);
    expect(marker).toBeUndefined();
  });

  it('shows a seat the service marks invalid as needing reconnection, and reconnects it from the popup', async () => {
    const [seat] = await seats();
    const invalidated = service.cli(['seats', 'invalidate', seat!.id, '--reason', 'session rejected']);
    expect(invalidated.status, invalidated.stderr).toBe(0);

    const { page, errors } = await browser.openPopup();
    const row = page.locator(`[data-testid="seat-row"][data-seat-id="${seat!.id}"][data-status="invalid"]`);
    await row.waitFor();
    await expect(row.getByTestId('seat-status').textContent()).resolves.toBe('Needs reconnection');
    // This browser's own seat: the banner explains it and carries the button.
    const banner = page.locator('[data-testid="seat-banner"][data-status="needs-reconnect"]');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('then press Reconnect');

    await banner.getByTestId('reconnect').click();
    await page.locator(`[data-testid="seat-row"][data-seat-id="${seat!.id}"][data-status="valid"]`).waitFor();
    await expect(seats()).resolves.toMatchObject([{ id: seat!.id, status: 'valid' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says so, on the badge and in the popup, when the user logs out of LinkedIn', async () => {
    await visit('/logout');
    const worker = await browser.worker();
    await expect
      .poll(() => worker.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.action.getBadgeText({})), {
        timeout: 10_000,
        interval: 100,
      })
      .toBe('!');

    const { page, errors } = await browser.openPopup();
    const banner = page.locator('[data-testid="seat-banner"][data-status="logged-out"]');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('You are logged out of Sales Navigator in this browser.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('explains a stopped service in plain words, and keeps the last numbers on screen', async () => {
    await service.stop();
    const { page, errors } = await browser.openPopup();
    const notice = page.getByTestId('notice');
    await notice.waitFor({ timeout: 15_000 });
    await expect(notice.textContent()).resolves.toContain(
      `The Leadforge service at ${service.baseUrl} does not answer.`,
    );
    await expect(notice.textContent()).resolves.toContain('Start it (npm start)');
    await expect(page.getByTestId('credits').textContent()).resolves.toBe('1,000');
    expect(errors).toEqual([]);
    await page.close();
  });
});
