import { describe, expect, it } from 'vitest';
import { bearer, startTestApp } from '../support/app.ts';

describe('500 InternalError', () => {
  it('hides the cause of an unexpected failure and keeps the common body', async () => {
    const t = await startTestApp('sqlite');
    const key = t.account.key;
    await t.app.store.close(); // the database goes away under a running server
    const res = await t.server.inject({ method: 'GET', url: '/v1/quota/', headers: bearer(key) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: { type: 'InternalError', message: expect.stringContaining('Something went wrong') },
    });
    expect(res.body).not.toMatch(/at .*\.ts|sqlite|database connection/i);
    expect(res.headers['x-request-id']).toBeTruthy();
    await t.server.close();
    await t.db.drop();
  });
});
