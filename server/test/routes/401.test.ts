import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { AUTH_CACHE_MS } from '../../src/accounts/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('401 AuthenticationError', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  const cases: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['an empty header', { authorization: '' }],
    ['Basic instead of Bearer', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer with nothing after it', { authorization: 'Bearer ' }],
    ['a key of the wrong form', { authorization: 'Bearer sk_live_123' }],
    ['an unknown key of the right form', { authorization: `Bearer lf_test_${'A'.repeat(32)}` }],
    ['an unknown live key', { authorization: `Bearer lf_live_${'b'.repeat(32)}` }],
  ];

  for (const [name, headers] of cases) {
    for (const [method, url] of [
      ['GET', '/v1/quota/'],
      ['GET', '/v1/seats/'],
      ['POST', '/v1/seats/'],
      ['DELETE', '/v1/seats/abc/'],
    ] as const) {
      it(`${method} ${url} with ${name}`, async () => {
        const res = await t.server.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode).toBe(401);
        const body = ErrorBodySchema.parse(res.json());
        expect(body.error.type).toBe('AuthenticationError');
        expect(body.error.message).toMatch(/key|Authorization/);
      });
    }
  }

  it('refuses a key revoked elsewhere once the few seconds it is trusted for have passed', async () => {
    const { id, key } = await t.app.accounts.createKey(t.account.id, 'test');
    const ok = await t.server.inject({ method: 'GET', url: '/v1/quota/', headers: { authorization: `Bearer ${key}` } });
    expect(ok.statusCode).toBe(200);
    await t.app.store.db.updateTable('api_keys').set({ revoked_at: t.clock.now() }).where('id', '=', id).execute();
    const meanwhile = await t.server.inject({
      method: 'GET',
      url: '/v1/quota/',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(meanwhile.statusCode).toBe(200); // still trusted for AUTH_CACHE_MS
    t.clock.advance(AUTH_CACHE_MS);
    const res = await t.server.inject({
      method: 'GET',
      url: '/v1/quota/',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('checks the key before the body', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/v1/seats/',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });
});
