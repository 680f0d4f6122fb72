import { afterEach, beforeEach, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';

/** A NUL anywhere a caller writes text is a 422 naming the field, never a 500 (PostgreSQL cannot store it). */
describeEachDialect('a NUL character in a request', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 100 });
  });
  afterEach(() => t.close());

  const cases: { url: string; method: 'POST' | 'GET'; payload?: unknown; field: string }[] = [
    {
      url: '/v1/email-validation/',
      method: 'POST',
      payload: { job_name: 'a\u0000b', prospects: [{ email: 'alice@ok.leadforge.test' }] },
      field: 'body.job_name',
    },
    {
      url: '/v1/email-finder/',
      method: 'POST',
      payload: {
        job_name: 'people',
        prospects: [{ first_name: 'Ja\u0000ne', last_name: 'Doe', company_domain: 'ok.leadforge.test' }],
      },
      field: 'body.prospects.0.first_name',
    },
    { url: '/v1/extractions/?status=%00', method: 'GET', field: 'query.status' },
  ];

  it('is refused with the error body naming the field', async () => {
    for (const c of cases) {
      const res = await t.server.inject({
        method: c.method,
        url: c.url,
        headers: bearer(t.account.key),
        ...(c.payload ? { payload: c.payload as object } : {}),
      });
      expect(res.statusCode, c.url).toBe(422);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.error.details).toContainEqual(expect.objectContaining({ field: c.field, rule: 'no_nul_character' }));
    }
    // Nothing was stored: the account's lists are empty.
    for (const list of ['/v1/email-validation/', '/v1/email-finder/']) {
      const res = await t.server.inject({ url: list, headers: bearer(t.account.key) });
      expect(res.json()).toEqual([]);
    }
  });
});
