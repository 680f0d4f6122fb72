import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { App } from '../../app/app.ts';
import { type ExtractionRow, extractionOf } from '../../store/extractions-repo.ts';
import { ProgressBar } from '../verify/progress.ts';

/** How often the command reads the extraction's row while it waits. */
const POLL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for an extraction to end (finished, failed, or paused for credits), drawing its progress
 * (0–75 % paging, 75–100 % profiles and emails) on stderr. The job runs in the worker; this only
 * reads the stored row, so it shows the same figures the API does.
 */
export async function waitForExtraction(
  app: App,
  accountId: string,
  id: string,
  stopped: () => boolean,
): Promise<ExtractionRow> {
  const bar = new ProgressBar(100, 0, process.stderr, 'extracting', true);
  for (;;) {
    const row = await extractionOf(app.store.db, accountId, id);
    if (!row) throw new Error(`extraction ${id} is gone`);
    bar.set(row.progress);
    if (row.status === 'EXECUTED' || row.status === 'FAILED' || row.status === 'PAUSED' || stopped()) {
      bar.finish();
      return row;
    }
    await sleep(POLL_MS);
  }
}

/** Writes the extraction's records as CSV (the API's `?format=csv`, same columns). */
export async function writeCsv(app: App, accountId: string, id: string, path: string): Promise<void> {
  const answer = await app.extractions.csv(accountId, id);
  if (answer.status !== 200) throw new Error('the extraction is still running; its CSV is not ready');
  await pipeline(answer.csv, createWriteStream(path));
}
