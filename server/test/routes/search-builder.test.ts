import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionCreateOutSchema, ExtractionDetailOutSchema } from '../../../lib/contract/extractions.ts';
import { SearchBuilderOutSchema } from '../../../lib/contract/search-builder.ts';
import { parseSalesNavUrl } from '../../../lib/salesnav/parse-url.ts';
import { createWorker } from '../../src/app/worker.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { connectSeat, EXTRACTION_WORLDS } from '../support/extractions.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

/** POST /v1/search-builder/: the answer's shape, its refusals, and its URL run as an extraction on the simulator. */
describe('/v1/search-builder/', () => {
  let t: TestApp;
  let worker: Worker;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      credits: 2000,
      env: { ...FAST_SANDBOX_ENV, LEADFORGE_WORKER_POLL_MS: '20' },
      worlds: EXTRACTION_WORLDS,
    });
    worker = createWorker(t.app, pino({ level: 'silent' }));
    await connectSeat(t);
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const build = (payload: unknown, key = t.account.key) =>
    t.server.inject({
      method: 'POST',
      url: '/v1/search-builder',
      headers: bearer(key),
      payload: payload as Record<string, unknown>,
    });

  it('200: a people search URL and the filters it understood, excluded ones marked NOT', async () => {
    const res = await build({
      description: 'CTOs and VP Sales at fintech startups in Germany, excluding Berlin, with 5+ years of experience',
      search_type: 'LEAD',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = SearchBuilderOutSchema.strict().parse(res.json());
    expect(body.filters_used).toEqual({
      COMPANY_HEADCOUNT: ['1-10', '11-50', '51-200'],
      CURRENT_TITLE: ['Chief Technology Officer', 'Vice President of Sales'],
      REGION: ['Germany', 'NOT Berlin'],
      INDUSTRY: ['Financial Services'],
      YEARS_OF_EXPERIENCE: ['6 to 10 years', 'More than 10 years'],
    });
    const parsed = parseSalesNavUrl(body.url);
    expect(parsed.ok && parsed.value.kind).toBe('people-search');
    if (!parsed.ok || parsed.value.kind !== 'people-search') return;
    const region = parsed.value.query.filters.find((f) => f.type === 'REGION');
    expect(region?.values).toEqual([
      { id: '101282230', text: 'Germany', selectionType: 'INCLUDED' },
      { id: '90100050', text: 'Berlin', selectionType: 'EXCLUDED' },
    ]);
  });

  it('200: an account search keeps only account filters, and a keywords key for free text', async () => {
    const res = await build({
      description:
        'Cybersecurity companies in the US with 201-500 employees, revenue over $10M, hiring, using Kubernetes',
      search_type: 'ACCOUNT',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = SearchBuilderOutSchema.parse(res.json());
    expect(body.url.startsWith('https://www.linkedin.com/sales/search/company?query=')).toBe(true);
    expect(body.filters_used).toMatchObject({
      COMPANY_HEADCOUNT: ['201-500'],
      REGION: ['United States'],
      INDUSTRY: ['Computer and Network Security'],
      JOB_OPPORTUNITIES: ['Hiring on Linkedin'],
      keywords: ['Kubernetes'],
    });
    expect(body.filters_used.ANNUAL_REVENUE).toHaveLength(1);
    const parsed = parseSalesNavUrl(body.url);
    expect(parsed.ok && parsed.value.kind === 'company-search' && parsed.value.query.keywords).toBe('Kubernetes');
  });

  it.each([
    [{ description: 'too short', search_type: 'LEAD' }, 'body.description'],
    [{ description: 'x'.repeat(2001), search_type: 'LEAD' }, 'body.description'],
    [{ description: 'CTOs in Paris fintechs', search_type: 'PEOPLE' }, 'body.search_type'],
    [{ description: 'CTOs in Paris fintechs' }, 'body.search_type'],
    [{ search_type: 'LEAD' }, 'body.description'],
    [{ description: 42, search_type: 'LEAD' }, 'body.description'],
  ])('422 naming the field (%#)', async (payload, field) => {
    const res = await build(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, error: { type: 'ValidationError' } });
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('401 without a key, and never a 500 for odd text', async () => {
    expect((await build({ description: 'CTOs in Germany', search_type: 'LEAD' }, 'lf_test_nope')).statusCode).toBe(401);
    for (const description of [
      '(((((((((( ))))',
      '%%%%%%%%%% %28%29',
      'NOT NOT NOT excluding except not',
      '💥'.repeat(10),
    ]) {
      const res = await build({ description, search_type: 'LEAD' });
      expect(res.statusCode, description).toBe(200);
      expect(parseSalesNavUrl(res.json().url).ok).toBe(true);
    }
  });

  /**
   * The URL runs as an extraction on the simulated tool, and what comes back fits the description:
   * judged on the records' own columns, not on the simulator's verdicts. The tool slips in about one
   * near miss in ten (search.ts), so at least 80 % of the records must fit every part.
   */
  const runs: [string, 'LEAD' | 'ACCOUNT', (r: Record<string, unknown>) => boolean][] = [
    ['Engineering people in the United States', 'LEAD', (r) => /United States/.test(String(r.Location))],
    [
      'Directors and VPs in Europe, not in the United Kingdom',
      'LEAD',
      (r) =>
        !/United Kingdom|United States|Canada|India|Brazil/.test(String(r.Location)) &&
        /Director|Head|VP|Vice President|SVP/.test(String(r['Current Job'])),
    ],
    [
      'Software engineers, excluding juniors',
      'LEAD',
      (r) => /Engineer/.test(String(r['Current Job'])) && !/Junior/.test(String(r['Current Job'])),
    ],
    [
      'Sales people at companies with more than 200 employees',
      'LEAD',
      (r) => /Sales|Account/.test(String(r['Current Job'])),
    ],
    ['Companies in Germany or France', 'ACCOUNT', (r) => /Germany|France/.test(JSON.stringify(r))],
  ];
  it.each(runs)('"%s" (%s) extracts records that fit it', async (description, search_type, fits) => {
    const built = await build({ description, search_type });
    expect(built.statusCode, built.body).toBe(200);
    const created = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/url/',
      headers: bearer(t.account.key),
      payload: { linkedin_url: built.json().url, search_name: description, enrich_email: 'none' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = ExtractionCreateOutSchema.parse(created.json()).extraction_id;
    const done = await waitUntil(
      `extraction of "${description}"`,
      async () => {
        const r = await t.server.inject({
          method: 'GET',
          url: `/v1/extractions/${id}/`,
          headers: bearer(t.account.key),
        });
        return r.statusCode === 200 ? r : null;
      },
      60_000,
    );
    const detail = ExtractionDetailOutSchema.parse(done.json());
    expect(detail.status).toBe('EXECUTED');
    const records = detail.prospects as Record<string, unknown>[];
    expect(records.length).toBeGreaterThan(0);
    const fitting = records.filter(fits);
    expect(
      fitting.length / records.length,
      JSON.stringify(records.filter((r) => !fits(r)).slice(0, 3)),
    ).toBeGreaterThanOrEqual(0.8);
  });
});
