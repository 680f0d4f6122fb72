/**
 * Extractions that cannot finish, in Chromium against the real service and its sandbox sales
 * tool, slowed down (LEADFORGE_SANDBOX_LATENCY_MS) so that a job can be caught running: no credits
 * at all, credits running out mid-run (paused, then resumed when credits are added), and the
 * seat's session dying mid-run (the user signs out of Sales Navigator). Each reaches the user in
 * plain words, in the page, in the popup and as a notification.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ExtractionDetailOut } from '../../lib/contract/extractions.ts';
import { buildSearchUrl } from '../../lib/salesnav/build-url.ts';
import { type ExtensionBrowser, launchWithExtension } from './support/browser.ts';
import { type Companion, removeDir, startCompanion } from './support/companion.ts';
import {
  api,
  csvRows,
  downloadCsv,
  LINKEDIN,
  newestExtraction,
  notifications,
  pressExtract,
  signInAndConfigure,
  waitForJob,
} from './support/extraction-steps.ts';
import { listSeats } from './support/service-api.ts';

const extensionDir = inject('extensionDir');

const title = (text: string, geography: string) =>
  buildSearchUrl('LEAD', {
    filters: [
      { type: 'CURRENT_TITLE', values: [{ text, selectionType: 'INCLUDED' }] },
      { type: 'GEOGRAPHY', values: [{ text: geography, selectionType: 'INCLUDED' }] },
    ],
  });
/** 14 leads. */
const SMALL_SEARCH = title('Chief Technology Officer', 'France');
/** 188 leads: long enough, slowed down, to sign out while it runs. */
const LONG_SEARCH = buildSearchUrl('LEAD', {
  filters: [{ type: 'CURRENT_TITLE', values: [{ text: 'Chief Technology Officer', selectionType: 'INCLUDED' }] }],
});

// Each step runs `leadforge` commands (a second or more each on a busy machine) and waits for the
// service's paused-extraction check (every 15 s): more time than the project's default.
describe.skipIf(!extensionDir)('extractions that cannot finish, in Chromium', { timeout: 120_000 }, () => {
  let service: Companion;
  let browser: ExtensionBrowser;

  beforeAll(async () => {
    service = await startCompanion(undefined, { role: 'all', env: { LEADFORGE_SANDBOX_LATENCY_MS: '60' } });
    browser = await launchWithExtension(extensionDir!, service.salesToolPort);
    await signInAndConfigure(browser, service);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (service) removeDir(service.dataDir);
  });

  const cli = (...args: string[]) => {
    const run = service.cli(args);
    if (run.status !== 0) throw new Error(`leadforge ${args.join(' ')} failed: ${run.stderr}`);
    return run.stdout;
  };
  const available = () => Number(/(\d+) available/.exec(cli('credits', 'balance', '--account', 'sandbox'))?.[1]);
  /** Leaves the sandbox account exactly `left` credits. */
  const leaveCredits = (left: number) => {
    const take = available() - left;
    if (take > 0) cli('credits', 'debit', String(take), '--account', 'sandbox');
  };

  it('says in the page that there are no credits, and what to do', async () => {
    leaveCredits(0);
    const page = await browser.context.newPage();
    await page.goto(SMALL_SEARCH);
    const started = await pressExtract(page, { enrich: 'none' });
    expect(started.state).toBe('error');
    expect(started.text).toContain('Your account has run out of credits.');
    expect(started.text).toContain('Add credits (leadforge credits grant)');
    await page.close();
  });

  it('pauses when credits run out mid-run, says why, and finishes once credits are added', async () => {
    cli('credits', 'grant', '5', '--account', 'sandbox');
    const page = await browser.context.newPage();
    await page.goto(SMALL_SEARCH);
    const started = await pressExtract(page, { name: 'Paused CTOs', enrich: 'none' });
    expect(started.state, started.text).toBe('started');
    await page.close();
    const { search_id: id } = await newestExtraction(service);

    const { page: popup, errors } = await browser.openPopup();
    const paused = await waitForJob(popup, id, 'paused');
    await expect(paused.getByTestId('job-failure').textContent()).resolves.toContain(
      'Paused: your account has no credits left.',
    );
    expect(await paused.getByTestId('job-download').count()).toBe(0);
    await expect
      .poll(async () => Object.keys(await notifications(browser)), { timeout: 10_000 })
      .toContain(`extraction:${id}:paused`);

    cli('credits', 'grant', '100', '--account', 'sandbox');
    await waitForJob(popup, id, 'done');
    const csv = await downloadCsv(popup, id);
    expect(csvRows(csv.text)).toHaveLength(1 + 14);
    expect(errors).toEqual([]);
    await popup.close();
  });

  it('stops with the reason when the seat’s session dies mid-run, and keeps what was found', async () => {
    cli('credits', 'grant', '500', '--account', 'sandbox');
    const page = await browser.context.newPage();
    await page.goto(LONG_SEARCH);
    const started = await pressExtract(page, { name: 'All CTOs', enrich: 'none' });
    expect(started.state, started.text).toBe('started');
    const { search_id: id } = await newestExtraction(service);

    const { page: popup, errors } = await browser.openPopup();
    // The popup follows it: progress moves while the sales tool is paged through.
    const running = await waitForJob(popup, id, 'running');
    await expect
      .poll(async () => Number(await running.getByTestId('job-progress').getAttribute('data-value')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    // Signing out of Sales Navigator ends the session the seat was connected with.
    await page.goto(`${LINKEDIN}/logout`);
    await page.close();

    const failed = await waitForJob(popup, id, 'failed');
    const failure = await failed.getByTestId('job-failure').textContent();
    expect(failure).toContain('Stopped: the seat’s Sales Navigator session expired.');
    expect(failure).toContain('Log in to Sales Navigator again and press Reconnect');
    await expect
      .poll(async () => Object.keys(await notifications(browser)), { timeout: 10_000 })
      .toContain(`extraction:${id}:failed`);

    const detail = (await api(service, `/v1/extractions/${id}/`)) as ExtractionDetailOut;
    expect(detail).toMatchObject({ status: 'FAILED', failure_reason: 'auth_error' });
    expect(detail.total_count).toBeLessThan(188);
    if (detail.total_count > 0) {
      const csv = await downloadCsv(popup, id);
      expect(csvRows(csv.text)).toHaveLength(1 + detail.total_count);
    }
    expect((await listSeats(service.baseUrl, service.apiKey)).map((s) => s.status)).toEqual(['invalid']);
    expect(errors).toEqual([]);
    await popup.close();
  });
});
