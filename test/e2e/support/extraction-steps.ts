/**
 * The steps of an extraction as a user takes them, for the end-to-end tests: sign in on the
 * simulated Sales Navigator, save the service's address and key in the popup, press Extract on a
 * page, follow the job in the popup, download its CSV. Every wait is on a condition in the page.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import type { EnrichEmail } from '../../../lib/contract/enums.ts';
import type { ExtensionBrowser } from './browser.ts';
import type { Companion } from './companion.ts';

export const LINKEDIN = 'https://www.linkedin.com';

/** Signs in as the sandbox's demo member and saves the service's address and key in the popup. */
export async function signInAndConfigure(browser: ExtensionBrowser, service: Companion): Promise<void> {
  const login = await browser.context.newPage();
  await login.goto(`${LINKEDIN}/login?as=demo`);
  await login.close();
  const { page } = await browser.openPopup();
  await page.getByTestId('base-url').fill(service.baseUrl);
  await page.getByTestId('api-key').fill(service.apiKey);
  await page.getByTestId('save').click();
  await page.locator('[data-testid="seat-banner"][data-status="connected"]').waitFor();
  await page.close();
}

export interface ExtractChoice {
  /** Replaces the prefilled name when given. */
  name?: string;
  enrich?: EnrichEmail;
}

/** Opens the in-page control, fills it and presses Start; resolves with the control's answer. */
export async function pressExtract(page: Page, choice: ExtractChoice = {}) {
  await page.getByTestId('lf-open').click();
  const panel = page.getByTestId('lf-panel');
  await panel.waitFor();
  const prefilled =
    (await page.getByTestId('lf-name').count()) > 0 ? await page.getByTestId('lf-name').inputValue() : '';
  if (choice.name !== undefined) await page.getByTestId('lf-name').fill(choice.name);
  if (choice.enrich !== undefined) await page.getByTestId('lf-enrich').selectOption(choice.enrich);
  const estimate =
    (await page.getByTestId('lf-estimate').count()) > 0 ? await page.getByTestId('lf-estimate').textContent() : null;
  await page.getByTestId('lf-start').click();
  const status = page.getByTestId('lf-status');
  await status.waitFor();
  return {
    prefilled,
    estimate,
    state: await status.getAttribute('data-state'),
    text: (await status.textContent()) ?? '',
  };
}

/** The service's newest extraction, as the test's own client sees it. */
export async function newestExtraction(service: Companion): Promise<{ search_id: string; search_name: string }> {
  const list = (await api(service, '/v1/extractions/?limit=1')) as { search_id: string; search_name: string }[];
  if (!list[0]) throw new Error('the service has no extraction');
  return list[0];
}

export async function api(service: Companion, path: string): Promise<unknown> {
  const response = await fetch(`${service.baseUrl}${path}`, { headers: { Authorization: `Bearer ${service.apiKey}` } });
  if (response.status >= 400) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return response.headers.get('content-type')?.includes('text/csv') ? response.text() : response.json();
}

/** The job's row in the popup, once it is in `state` (the popup polls the background meanwhile). */
export async function waitForJob(popup: Page, extractionId: string, state: string, timeout = 60_000) {
  const row = popup.locator(`[data-testid="job-row"][data-job-id="${extractionId}"][data-state="${state}"]`);
  await row.waitFor({ timeout });
  return row;
}

/** Presses Download CSV on the job's row; resolves with the file's text and name. */
export async function downloadCsv(popup: Page, extractionId: string) {
  const row = popup.locator(`[data-testid="job-row"][data-job-id="${extractionId}"]`);
  const [download] = await Promise.all([popup.waitForEvent('download'), row.getByTestId('job-download').click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

/** A CSV as rows of cells, header first (the byte order mark removed). */
export function csvRows(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
}

/** A record's value as the CSV writes it: empty for null, JSON-ish text otherwise. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The notifications the extension shows now, by id (read inside its service worker). */
export async function notifications(browser: ExtensionBrowser): Promise<Record<string, unknown>> {
  const worker = await browser.worker();
  return worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { notifications: { getAll(): Promise<Record<string, unknown>> } } }
    ).chrome.notifications.getAll(),
  );
}
