import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/api/build-server.ts';
import { bearer, startTestApp, VALID_SESSION } from '../support/app.ts';

describe('request logs', () => {
  it('carry a request id per request and never a key, a cookie or a session', async () => {
    const t = await startTestApp('sqlite');
    const lines: string[] = [];
    const server = await buildServer(
      { ...t.app, config: { ...t.app.config, logLevel: 'trace' } },
      { logStream: { write: (l) => lines.push(l) } },
    );
    try {
      await server.inject({
        method: 'POST',
        url: '/v1/seats/',
        headers: bearer(t.account.key),
        payload: VALID_SESSION,
      });
      await server.inject({
        method: 'GET',
        url: '/v1/quota/',
        headers: { ...bearer(t.account.key), cookie: `li_at=${VALID_SESSION.li_at}` },
      });
      await server.inject({
        method: 'POST',
        url: '/v1/seats/',
        headers: bearer(t.account.key),
        payload: { ...VALID_SESSION, jsessionid: 'bad' },
      });
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(4);
      const ids = lines.map((l) => JSON.parse(l).reqId).filter(Boolean);
      expect(new Set(ids).size).toBe(3);
      for (const secret of [
        t.account.key,
        t.account.key.slice(8),
        VALID_SESSION.li_at,
        VALID_SESSION.li_a,
        '8145937301234567890',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await server.close();
      await t.close();
    }
  });
});
