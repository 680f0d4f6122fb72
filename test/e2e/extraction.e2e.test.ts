/**
 * One-click extraction in Chromium, against the real service (with its workers) and its sandbox
 * sales tool served as www.linkedin.com: a people search, a lead list and a single lead, each
 * started from the in-page control, followed in the popup to 100%, and downloaded as CSV from the
 * popup, whose rows must be the service's records. The steps share one browser and one service.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ExtractionDetailOut } from '../../lib/contract/extractions.ts';
import { buildSearchUrl } from '../../lib/salesnav/build-url.ts';
import { type ExtensionBrowser, launchWithExtension } from './support/browser.ts';
import { type Companion, removeDir, startCompanion } from './support/companion.ts';
import {
  api,
  cellText,
  csvRows,
  downloadCsv,
  LINKEDIN,
  newestExtraction,
  notifications,
  pressExtract,
  signInAndConfigure,
  waitForJob,
} from './support/extraction-steps.ts';

const extensionDir = inject('extensionDir');

/** A narrow search of the sandbox's world: 14 CTOs in France. */
const SEARCH_URL = buildSearchUrl('LEAD', {
  filters: [
    { type: 'CURRENT_TITLE', values: [{ text: 'Chief Technology Officer', selectionType: 'INCLUDED' }] },
    { type: 'GEOGRAPHY', values: [{ text: 'France', selectionType: 'INCLUDED' }] },
  ],
});

describe.skipIf(!extensionDir)('one-click extraction in Chromium', () => {
  let service: Companion;
  let browser: ExtensionBrowser;
  /** The search's extraction and CSV, downloaded again at the end with the service stopped. */
  let searchId = '';
  let searchCsv = '';

  beforeAll(async () => {
    service = await startCompanion(undefined, { role: 'all' });
    browser = await launchWithExtension(extensionDir!, service.salesToolPort);
    await signInAndConfigure(browser, service);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (service) removeDir(service.dataDir);
  });

  /** The downloaded CSV must be the service's records: same columns as its CSV, same cells, same order. */
  async function expectCsvMatchesService(id: string, text: string, expectedRows: number) {
    const detail = (await api(service, `/v1/extractions/${id}/`)) as ExtractionDetailOut;
    const serviceCsv = (await api(service, `/v1/extractions/${id}/?format=csv`)) as string;
    const [header = [], ...rows] = csvRows(text);
    const [serviceHeader = [], ...serviceRows] = csvRows(serviceCsv);
    expect(detail.prospects).toHaveLength(expectedRows);
    expect(rows).toHaveLength(expectedRows);
    expect(header).toEqual(serviceHeader);
    expect(rows).toEqual(serviceRows);
    // And against the JSON records, column by column.
    for (const [i, row] of rows.entries()) {
      const record = detail.prospects[i] ?? {};
      for (const [j, column] of header.entries()) {
        expect(row[j], `${column} of row ${i + 1}`).toBe(cellText(record[column]));
      }
    }
    return { header, rows };
  }

  it('offers nothing on pages it does not understand, and follows in-page navigation', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${LINKEDIN}/sales/home`);
    await page.locator('[data-x="lists"]').waitFor();
    expect(await page.getByTestId('lf-control').count()).toBe(0);

    // Sales Navigator changes pages without reloading: the control follows the address.
    const listHref = await page.locator('[data-x="lists"] a').first().getAttribute('href');
    await page.evaluate((href) => history.pushState({}, '', href), listHref!);
    await page.locator('[data-testid="lf-control"][data-kind="lead-list"]').waitFor();
    await page.evaluate(() => history.pushState({}, '', '/sales/inbox'));
    await page.getByTestId('lf-control').waitFor({ state: 'detached' });

    // A saved search: its name is prefilled and the page's count gives the estimate.
    await page.goto(`${LINKEDIN}/sales/home`);
    const saved = page.locator('[data-x="saved-searches"] a').first();
    const savedName = (await saved.textContent())?.trim();
    await saved.click();
    await page.getByTestId('lf-open').click();
    await expect(page.getByTestId('lf-name').inputValue()).resolves.toBe(savedName);
    await expect(page.getByTestId('lf-estimate').textContent()).resolves.toMatch(/leads, up to [\d,]+ credits/);
    await expect(page.getByTestId('lf-enrich').inputValue()).resolves.toBe('matching');
    await page.close();
  });

  it('extracts a people search: Extract, progress to 100% in the popup, and a CSV of the service’s records', async () => {
    const page = await browser.context.newPage();
    await page.goto(SEARCH_URL);
    await expect(page.getByTestId('lf-open').textContent()).resolves.toBe('Extract');
    const started = await pressExtract(page, { name: 'CTOs in France', enrich: 'none' });
    expect(started.estimate).toContain('About 14 leads');
    expect(started.state, started.text).toBe('started');
    expect(started.text).toContain('Extraction started: CTOs in France.');
    await page.close();

    const extraction = await newestExtraction(service);
    expect(extraction.search_name).toBe('CTOs in France');
    searchId = extraction.search_id;

    const { page: popup, errors } = await browser.openPopup();
    const row = await waitForJob(popup, searchId, 'done');
    await expect(row.getByTestId('job-progress').getAttribute('data-value')).resolves.toBe('100');
    await expect(row.getByTestId('job-detail').textContent()).resolves.toContain('14 records');
    // 1 credit per lead: the popup shows the balance after it.
    await expect.poll(() => popup.getByTestId('credits').textContent(), { timeout: 10_000 }).toBe('986');
    const csv = await downloadCsv(popup, searchId);
    expect(csv.name).toMatch(/^leadforge-ctos-in-france-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const { header } = await expectCsvMatchesService(searchId, csv.text, 14);
    expect(header).toContain('Email Status');
    searchCsv = csv.text;
    expect(errors).toEqual([]);
    await popup.close();

    // The background announced it: a finished extraction is news when this browser saw it start.
    await expect
      .poll(async () => Object.keys(await notifications(browser)), { timeout: 10_000 })
      .toContain(`extraction:${searchId}:done`);
  });

  it('extracts a lead list reached from the home page, with the list’s name prefilled', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${LINKEDIN}/sales/home`);
    await page.locator('[data-x="lists"] a', { hasText: 'Decision makers' }).click();
    await page.locator('[data-testid="lf-control"][data-kind="lead-list"]').waitFor();
    const started = await pressExtract(page, { enrich: 'none' });
    expect(started.prefilled).toBe('Decision makers');
    expect(started.estimate).toContain('About 60 leads');
    expect(started.state, started.text).toBe('started');
    await page.close();

    const { search_id: id, search_name } = await newestExtraction(service);
    expect(search_name).toBe('Decision makers');
    // No popup open: the background follows the job on its alarm, caches the records and says so.
    await expect
      .poll(async () => Object.keys(await notifications(browser)), { timeout: 80_000, interval: 1000 })
      .toContain(`extraction:${id}:done`);
    const { page: popup, errors } = await browser.openPopup();
    const row = await waitForJob(popup, id, 'done');
    await expect(row.getByTestId('job-detail').textContent()).resolves.toContain('60 records');
    const csv = await downloadCsv(popup, id);
    await expectCsvMatchesService(id, csv.text, 60);
    expect(errors).toEqual([]);
    await popup.close();
  }, 120_000);

  it('extracts a single lead from its page, with its email found and verified', async () => {
    const page = await browser.context.newPage();
    await page.goto(SEARCH_URL);
    // A lead of the deterministic sandbox world whose address the finder finds (seed "leadforge").
    await page.locator('a[data-x="lead"]', { hasText: 'Frédéric Lefèvre' }).click();
    await page.locator('[data-testid="lf-control"][data-kind="lead"]').waitFor();
    await expect(page.getByTestId('lf-open').textContent()).resolves.toBe('Extract lead');
    const started = await pressExtract(page, { enrich: 'all' });
    expect(started.state, started.text).toBe('started');
    expect(started.text).toContain('Extracted Frédéric Lefèvre (lefevre.frederic@clearpeak-fr.test).');
    await page.close();

    const { search_id: id } = await newestExtraction(service);
    const { page: popup, errors } = await browser.openPopup();
    await waitForJob(popup, id, 'done');
    const csv = await downloadCsv(popup, id);
    const { header, rows } = await expectCsvMatchesService(id, csv.text, 1);
    const cell = (column: string) => rows[0]?.[header.indexOf(column)];
    expect([cell('Full Name'), cell('Email'), cell('Email Status')]).toEqual([
      'Frédéric Lefèvre',
      'lefevre.frederic@clearpeak-fr.test',
      'safe',
    ]);
    expect(errors).toEqual([]);
    await popup.close();
  });

  it('extracts a single account from its page, as account columns', async () => {
    const page = await browser.context.newPage();
    await page.goto(SEARCH_URL);
    await page.locator('a[data-x="lead"]', { hasText: 'Frédéric Lefèvre' }).click();
    await page.locator('[data-x="lead-headline"] a').click();
    await page.locator('[data-testid="lf-control"][data-kind="account"]').waitFor();
    const company = (await page.locator('[data-x="account-name"]').textContent())?.trim();
    await expect(page.getByTestId('lf-open').textContent()).resolves.toBe('Extract account');
    const started = await pressExtract(page);
    expect(started.state, started.text).toBe('started');
    expect(started.text).toContain(`Extracted ${company}.`);
    await page.close();

    const { search_id: id } = await newestExtraction(service);
    const { page: popup, errors } = await browser.openPopup();
    await waitForJob(popup, id, 'done');
    const csv = await downloadCsv(popup, id);
    const { header, rows } = await expectCsvMatchesService(id, csv.text, 1);
    expect(header).not.toContain('Full Name');
    expect(rows[0]?.[header.indexOf('Company Name')]).toBe(company);
    expect(errors).toEqual([]);
    await popup.close();
  });

  it('downloads a finished extraction again later from the cache, with the service stopped', async () => {
    await service.stop();
    const { page: popup } = await browser.openPopup();
    await waitForJob(popup, searchId, 'done');
    const again = await downloadCsv(popup, searchId);
    expect(again.text).toBe(searchCsv);
    await popup.close();
  });
});
