import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchUrl } from '../../../lib/salesnav/build-url.ts';
import { createApp } from '../../src/app/app.ts';
import { ensureFirstStart } from '../../src/app/first-start.ts';
import { loadConfig } from '../../src/config/config.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { buildSalesWorld } from '../../src/sandbox/world/sales-world.ts';
import { listExtractions, recordTexts } from '../../src/store/extractions-repo.ts';
import { runCli } from '../support/processes.ts';

/** A narrow search of the default sandbox world: the CTOs in France. */
const SEARCH_URL = buildSearchUrl('LEAD', {
  filters: [
    { type: 'CURRENT_TITLE', values: [{ text: 'Chief Technology Officer', selectionType: 'INCLUDED' }] },
    { type: 'GEOGRAPHY', values: [{ text: 'France', selectionType: 'INCLUDED' }] },
  ],
});

/** `leadforge extract`, as a user runs it after the first start, on the sandbox (SQLite in a temporary folder). */
describe('leadforge extract --sandbox', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lf-extract-'));
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'lf.db')}`,
      LEADFORGE_SECRET_KEY: 'cd'.repeat(32),
      LEADFORGE_SANDBOX_SALESTOOL_PORT: '0',
      LEADFORGE_LOG_LEVEL: 'silent',
    };
    // What `leadforge serve` does the first time: the sandbox account, its credits and its seat.
    const app = await createApp(loadConfig(env));
    try {
      const first = await ensureFirstStart(app);
      expect(first?.seat).toHaveProperty('id');
    } finally {
      await app.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('extracts a search through the seat and writes the records the API serves, as CSV', async () => {
    const out = join(dir, 'ctos.csv');
    const run = await runCli(['extract', SEARCH_URL, '--name', 'CTOs in France', '--sandbox', '--out', out], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/extracting \[#+\] 100%$/m);
    expect(run.stderr).not.toMatch(/\/s$/m);
    const count = Number(/Extracted (\d+) records to /.exec(run.stdout)?.[1]);
    expect(count).toBeGreaterThan(0);

    const rows = parse(readFileSync(out, 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(count);
    const app = await createApp(loadConfig(env));
    try {
      const [account] = await app.accounts.list();
      const [extraction] = await listExtractions(app.store.db, account?.id ?? '', { start: 0, limit: 10 });
      expect(extraction).toMatchObject({ name: 'CTOs in France', status: 'EXECUTED', record_count: count });
      const stored = (await recordTexts(app.store.db, extraction?.id ?? '', 0, null)).map(
        (t) => JSON.parse(t) as Record<string, unknown>,
      );
      expect(rows.map((r) => r['Sales Navigator ID'])).toEqual(stored.map((r) => r['Sales Navigator ID']));
    } finally {
      await app.close();
    }
    // Every row is a real lead of the world: a CTO, in France.
    const sales = buildSalesWorld(buildWorld());
    for (const row of rows) {
      expect(sales.leadByProfileId.has(row['Sales Navigator ID'] ?? ''), row['Full Name']).toBe(true);
      if (row['Matches Filters'] === 'true') {
        expect(row.Country).toBe('France');
        expect(row['Current Job']).toMatch(/Chief Technology Officer/);
      }
    }
  });

  it('refuses what it cannot extract, naming the argument, and writes nothing', async () => {
    const profile = await runCli(
      ['extract', 'https://www.linkedin.com/in/someone', '--name', 'x', '--sandbox', '--out', join(dir, 'x.csv')],
      env,
    );
    expect(profile.code).toBe(1);
    expect(profile.stderr).toMatch(/^leadforge: URL: /m);
    const noName = await runCli(['extract', SEARCH_URL, '--name', '  ', '--sandbox'], env);
    expect(noName.code).toBe(1);
    expect(noName.stderr).toMatch(/--name: /);
    expect(() => readFileSync(join(dir, 'x.csv'))).toThrow();
  });
});
