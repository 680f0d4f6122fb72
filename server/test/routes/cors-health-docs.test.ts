import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('CORS, health, OpenAPI and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.server.inject({
      method: 'OPTIONS',
      url: '/v1/quota/',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it("lets the extension's origin in", async () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const res = await preflight(origin);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/i);
  });

  it('gives web pages no CORS headers', async () => {
    for (const origin of ['https://www.linkedin.com', 'http://127.0.0.1:3000', 'null']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('answers /healthz and /readyz without a key', async () => {
    expect((await t.server.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'sqlite' });
  });

  it('echoes a sane X-Request-Id and makes one otherwise', async () => {
    const given = await t.server.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.server.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI 3.1 document with the /v1 paths and the reference at /docs', async () => {
    const doc = (await t.server.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/quota/', '/v1/seats/', '/v1/seats/{seat_id}/']),
    );
    expect(doc.components.schemas).toHaveProperty('QuotaOut');
    expect(doc.components.schemas).toHaveProperty('ErrorBody');
    const docs = await t.server.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });
});
