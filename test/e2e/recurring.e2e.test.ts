/**
 * Recurring exports in Chromium, against the real service (with its workers and scheduler) and
 * its sandbox sales tool served as www.linkedin.com: a people search is extracted from its page
 * with "Repeat weekly"; the popup shows the schedule with its next run, pauses, resumes and
 * renames it, and changes it to monthly and back to weekly (the next run then a week from that
 * change); sandbox time moves 30 days on (POST /v1/sandbox/clock/), the run the service makes
 * appears in the popup's jobs and finishes there; then the schedule is stopped and is gone. The
 * steps share one browser and one service, and every wait is on a condition.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ExtractionDetailOut } from '../../lib/contract/extractions.ts';
import {
  RecurringExportListOutSchema,
  type RecurringExportOut,
  SandboxClockOutSchema,
} from '../../lib/contract/recurring.ts';
import { parseExtractionTime } from '../../lib/contract/time.ts';
import { buildSearchUrl } from '../../lib/salesnav/build-url.ts';
import { type ExtensionBrowser, launchWithExtension } from './support/browser.ts';
import { type Companion, removeDir, startCompanion } from './support/companion.ts';
import { api, csvRows, downloadCsv, LINKEDIN, signInAndConfigure, waitForJob } from './support/extraction-steps.ts';

const extensionDir = inject('extensionDir');
const DAY = 86_400_000;

/**
 * People in France who changed jobs in the last 90 days: about 20 in the sandbox's world at any
 * time, and people keep entering it as they change jobs. Measured over the next 700 days (every 3
 * days), every 30-day window brings at least 2 new ones, so the run below always has records.
 */
const SEARCH_URL = buildSearchUrl('LEAD', {
  filters: [
    { type: 'RECENTLY_CHANGED_JOBS', values: [{ id: 'RPC', selectionType: 'INCLUDED' }] },
    { type: 'GEOGRAPHY', values: [{ text: 'France', selectionType: 'INCLUDED' }] },
  ],
});

describe.skipIf(!extensionDir)('recurring exports in Chromium', { timeout: 120_000 }, () => {
  let service: Companion;
  let browser: ExtensionBrowser;
  let popup: Page;
  let popupErrors: string[] = [];
  /** The schedule made from the search page, its template extraction, and the extraction the click made. */
  let scheduleId = '';
  let templateId = '';
  let extractionId = '';
  /** The run the service made once sandbox time moved a week on. */
  let runId = '';

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

  /** The service's schedules, as the test's own client reads them. */
  const schedules = async (): Promise<RecurringExportOut[]> =>
    RecurringExportListOutSchema.parse(await api(service, '/v1/extractions/recurring/'));

  /** Sandbox time now, in ms: the time the service counts a schedule's runs in. */
  const sandboxNow = async (): Promise<number> =>
    Date.parse(SandboxClockOutSchema.parse(await api(service, '/v1/sandbox/clock/')).now);

  const row = () => popup.locator(`[data-testid="schedule-row"][data-schedule-id="${scheduleId}"]`);

  it('offers no repeat on a list: only searches repeat', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${LINKEDIN}/sales/home`);
    await page.locator('[data-x="lists"] a', { hasText: 'Decision makers' }).click();
    await page.locator('[data-testid="lf-control"][data-kind="lead-list"]').waitFor();
    await page.getByTestId('lf-open').click();
    await page.getByTestId('lf-panel').waitFor();
    expect(await page.getByTestId('lf-repeat').count()).toBe(0);
    await page.close();
  });

  it('extracts a people search with “Repeat weekly” and says when the next run is', async () => {
    const page = await browser.context.newPage();
    await page.goto(SEARCH_URL);
    await page.getByTestId('lf-open').click();
    const repeat = page.getByTestId('lf-repeat');
    await expect(repeat.inputValue()).resolves.toBe('');
    await expect(repeat.locator('option').allTextContents()).resolves.toEqual([
      'Once',
      'Repeat daily',
      'Repeat weekly',
      'Repeat monthly',
    ]);
    await repeat.selectOption('weekly');
    await expect(page.getByTestId('lf-repeat-note').textContent()).resolves.toContain('Then again every week');
    await page.getByTestId('lf-name').fill('Job changers in France');
    await page.getByTestId('lf-enrich').selectOption('none');
    await page.getByTestId('lf-start').click();
    const status = page.getByTestId('lf-status');
    await status.waitFor();
    const text = (await status.textContent()) ?? '';
    expect(await status.getAttribute('data-state'), text).toBe('started');
    expect(text).toContain('Extraction started: Job changers in France.');
    expect(text).toContain('It repeats every week; next run');
    await page.close();

    const [schedule, ...others] = await schedules();
    expect(others).toEqual([]);
    expect(schedule).toMatchObject({ name: 'Job changers in France', frequency: 'weekly', paused: false, run_ids: [] });
    scheduleId = schedule!.schedule_id;
    templateId = schedule!.template_extraction_id;
    // The extraction the click made, beside the schedule's template (which waits in SCHEDULED).
    const list = (await api(service, '/v1/extractions/?limit=5')) as { search_id: string; status: string }[];
    const made = list.filter((e) => e.search_id !== templateId);
    expect(made).toHaveLength(1);
    extractionId = made[0]!.search_id;
  });

  it('shows the schedule in the popup with its next run in local time, and pauses and resumes it', async () => {
    ({ page: popup, errors: popupErrors } = await browser.openPopup());
    await row().waitFor();
    // The jobs show the extraction, never the template the schedule stands for.
    await waitForJob(popup, extractionId, 'done');
    expect(await popup.locator(`[data-testid="job-row"][data-job-id="${templateId}"]`).count()).toBe(0);
    const [schedule] = await schedules();
    const nextRun = parseExtractionTime(schedule!.next_run_at);
    await expect(row().getByTestId('schedule-detail').textContent()).resolves.toMatch(/^Weekly · next run /);
    const time = row().getByTestId('schedule-next-run');
    await expect(time.getAttribute('datetime')).resolves.toBe(nextRun.toISOString());
    // Local time, as the popup's own browser writes it.
    const local = await popup.evaluate((ms) => new Date(ms).toLocaleString(), nextRun.getTime());
    await expect(time.textContent()).resolves.toBe(local);

    await row().getByTestId('schedule-pause').click();
    await popup.locator(`[data-testid="schedule-row"][data-schedule-id="${scheduleId}"][data-paused="true"]`).waitFor();
    await expect(row().getByTestId('schedule-state').textContent()).resolves.toBe('Paused');
    expect((await schedules())[0]?.paused).toBe(true);

    await row().getByTestId('schedule-resume').click();
    await popup
      .locator(`[data-testid="schedule-row"][data-schedule-id="${scheduleId}"][data-paused="false"]`)
      .waitFor();
    expect((await schedules())[0]?.paused).toBe(false);
  });

  it('renames it', async () => {
    await row().getByTestId('schedule-rename').click();
    await row().getByTestId('schedule-name-input').fill('Weekly job changers');
    await row().getByTestId('schedule-rename-save').click();
    await expect.poll(() => row().getByTestId('schedule-name').textContent()).toBe('Weekly job changers');
    expect((await schedules())[0]?.name).toBe('Weekly job changers');
  });

  it('changes how often it runs, to monthly and back to weekly, each time counting the next run from the change', async () => {
    const frequency = row().getByTestId('schedule-frequency');
    await expect(frequency.inputValue()).resolves.toBe('weekly');
    await expect(frequency.locator('option').allTextContents()).resolves.toEqual(['Daily', 'Weekly', 'Monthly']);

    /**
     * Chooses `to` in the row, waits for the row to say it, and answers with sandbox time just
     * before and after the change (whole seconds, as the service writes times) and the next run
     * the service now has, which the row must show.
     */
    const choose = async (to: 'monthly' | 'weekly', label: string) => {
      const before = Math.floor((await sandboxNow()) / 1000) * 1000;
      await frequency.selectOption(to);
      await expect
        .poll(() => row().getByTestId('schedule-detail').textContent())
        .toMatch(new RegExp(`^${label} · next run `));
      const after = await sandboxNow();
      const [schedule, ...others] = await schedules();
      expect(others).toEqual([]);
      expect(schedule).toMatchObject({ frequency: to, paused: false, name: 'Weekly job changers' });
      const next = parseExtractionTime(schedule!.next_run_at).getTime();
      await expect
        .poll(() => row().getByTestId('schedule-next-run').getAttribute('datetime'))
        .toBe(new Date(next).toISOString());
      expect(await row().getByTestId('schedule-notice').count()).toBe(0);
      return { before, after, next };
    };

    // Monthly: a calendar month on from the change (28 to 31 days).
    const monthly = await choose('monthly', 'Monthly');
    expect(monthly.next).toBeGreaterThanOrEqual(monthly.before + 28 * DAY);
    expect(monthly.next).toBeLessThanOrEqual(monthly.after + 31 * DAY);
    // Weekly again: a week from this change, so the run below comes within the 30 days it moves.
    const weekly = await choose('weekly', 'Weekly');
    expect(weekly.next).toBeGreaterThanOrEqual(weekly.before + 7 * DAY);
    expect(weekly.next).toBeLessThanOrEqual(weekly.after + 7 * DAY);
    await expect(frequency.inputValue()).resolves.toBe('weekly');
  });

  it('shows the run in the jobs once sandbox time has moved 30 days on, follows it to the end and downloads it', async () => {
    const response = await fetch(`${service.baseUrl}/v1/sandbox/clock/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance: '30d' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ success: true, now: expect.any(String) });
    const [schedule] = await schedules();
    runId = schedule?.run_ids[0] ?? '';
    expect(runId, 'the service made a run').toBeTruthy();

    // The open popup asks now and then while a schedule is active: the run appears by itself.
    const run = await waitForJob(popup, runId, 'done', 90_000);
    await expect(run.getByTestId('job-detail').textContent()).resolves.toMatch(/^Weekly run · /);
    await expect(run.getByTestId('job-progress').getAttribute('data-value')).resolves.toBe('100');
    const detail = (await api(service, `/v1/extractions/${runId}/`)) as ExtractionDetailOut;
    expect(detail.search_name).toBe('Weekly job changers');
    // One run for the four weekly run times passed, holding the people new in the search since the
    // schedule was made: at least 2 (see SEARCH_URL), downloaded from the extension's cache.
    expect(detail.total_count).toBeGreaterThanOrEqual(2);
    await expect(run.getByTestId('job-detail').textContent()).resolves.toMatch(
      new RegExp(` ${detail.total_count} records · `),
    );
    const csv = await downloadCsv(popup, runId);
    const [header, ...rows] = csvRows(csv.text);
    expect(rows).toHaveLength(detail.total_count);
    const name = header?.indexOf('Full Name') ?? -1;
    expect(rows.map((r) => r[name])).toEqual(detail.prospects.map((p) => p['Full Name']));
    await expect(row().getByTestId('schedule-detail').textContent()).resolves.toContain('1 run');
  }, 120_000);

  it('stops it after asking, and it is gone', async () => {
    await row().getByTestId('schedule-stop').click();
    await expect(row().getByTestId('schedule-confirm').textContent()).resolves.toContain('for good');
    // Changing one's mind keeps it.
    await row().getByTestId('schedule-stop-cancel').click();
    expect(await schedules()).toHaveLength(1);

    await row().getByTestId('schedule-stop').click();
    await row().getByTestId('schedule-stop-confirm').click();
    await row().waitFor({ state: 'detached' });
    await popup.getByTestId('schedules-empty').waitFor();
    expect(await schedules()).toEqual([]);
    // The extraction and the run stay in the jobs; the template, failed by the stop, is no job.
    const refreshed = (await popup.evaluate(() =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).chrome.runtime.sendMessage({ type: 'refresh-jobs' }),
    )) as { ok: boolean; jobs: { remoteId: string; state: string }[]; schedules: unknown[] };
    expect(refreshed).toMatchObject({ ok: true, schedules: [] });
    expect(refreshed.jobs.map((job) => job.remoteId)).toEqual([runId, extractionId]);
    expect(popupErrors).toEqual([]);
    await popup.close();
  });
});
