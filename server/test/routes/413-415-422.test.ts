import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { bearer, startTestApp, type TestApp, VALID_SESSION } from '../support/app.ts';
import { sandboxSession } from '../support/sales-tool.ts';

describe('413, 415 and 422 on bad bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { LEADFORGE_BODY_LIMIT_BYTES: '4096' } });
  });
  afterAll(() => t.close());

  const post = (payload: string | object, contentType = 'application/json') =>
    t.server.inject({
      method: 'POST',
      url: '/v1/seats/',
      headers: { ...bearer(t.account.key), 'content-type': contentType },
      payload,
    });

  it('422 names every failing field and its rule', async () => {
    const res = await post({ li_at: 'short', jsessionid: 'nope', user_agent: 'Mozilla/5.0 Chrome', extra: 1 });
    expect(res.statusCode).toBe(422);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.type).toBe('ValidationError');
    const fields = Object.fromEntries((body.error.details ?? []).map((d) => [d.field, d.rule]));
    expect(fields).toMatchObject({ 'body.li_at': 'too_small', 'body.jsessionid': 'invalid_format' });
    expect(fields.body ?? fields['body.extra']).toBe('unrecognized_keys');
    expect(body.error.message).toContain('body.li_at');
  });

  it('422 says a missing field is required', async () => {
    const { user_agent: _, ...rest } = VALID_SESSION;
    const res = await post(rest);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual([{ field: 'body.user_agent', rule: 'required', message: 'is required' }]);
  });

  it('422 for malformed JSON, an empty body and a JSON body that is not an object', async () => {
    for (const payload of ['{"li_at": ', '', '[1,2,3]', 'null']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(422);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('ValidationError');
    }
  });

  it('422 for a cookie value that could smuggle a header', async () => {
    const res = await post({ ...VALID_SESSION, li_at: 'AQEDAR1234567890123456;\r\nX-Evil: 1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details[0].field).toBe('body.li_at');
  });

  it('422 for a reconnect whose session another seat already holds', async () => {
    const a = (await post(await sandboxSession(t.app, 'demo'))).json();
    const b = await sandboxSession(t.app, 'ava');
    await post(b);
    const res = await post({ ...b, seat_id: a.seat.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details[0]).toMatchObject({ field: 'body.seat_id', rule: 'session_in_use' });
  });

  it('415 for a content type the endpoint does not take', async () => {
    for (const type of ['text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post('a=b', type);
      expect(res.statusCode, type).toBe(415);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('UnsupportedMediaType');
    }
  });

  it('413 for a body over the limit', async () => {
    const res = await post({ ...VALID_SESSION, label: 'x'.repeat(10_000) });
    expect(res.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(res.json()).error.type).toBe('PayloadTooLarge');
  });

  it('stores nothing when a body is refused', async () => {
    const before = (await t.server.inject({ method: 'GET', url: '/v1/seats/', headers: bearer(t.account.key) })).json();
    await post({ li_at: 'short' });
    const after = (await t.server.inject({ method: 'GET', url: '/v1/seats/', headers: bearer(t.account.key) })).json();
    expect(after).toEqual(before);
  });
});
