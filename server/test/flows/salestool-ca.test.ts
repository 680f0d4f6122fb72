import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { type SalesToolServer, startSalesTool } from '../../src/sandbox/salestool/server.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { findMember } from '../../src/sandbox/world/members.ts';
import { freshDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * LEADFORGE_SALESTOOL_CA: live seats reach a sales tool whose certificate the system does not
 * trust (a TLS-inspecting proxy; here the simulator at https://127.0.0.1:<port>) once told to trust
 * it, and never otherwise: TLS is checked either way.
 */
describe('a live sales tool behind an extra certificate authority', () => {
  let tool: SalesToolServer;
  let dir: string;
  let db: TestDatabase;
  beforeAll(async () => {
    tool = await startSalesTool({ world: buildWorld({ companies: 60 }), rateLimit: false });
    dir = mkdtempSync(join(tmpdir(), 'lf-ca-'));
    writeFileSync(join(dir, 'ca.pem'), tool.certificatePem);
    db = await freshDatabase('sqlite');
  });
  afterAll(async () => {
    await tool.close();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const connect = async (env: Record<string, string>) => {
    const app = await createApp(
      loadConfig({
        DATABASE_URL: db.url,
        LEADFORGE_SECRET_KEY: 'ab'.repeat(32),
        LEADFORGE_SALESTOOL_URL: tool.baseUrl,
        ...env,
      }),
    );
    try {
      const account = await app.accounts.create(`ca-${Math.random().toString(36).slice(2, 8)}`);
      const demo = findMember('demo');
      if (!demo) throw new Error('no demo member');
      const session = tool.state.sessions.issue(demo);
      return await app.seats.connect(
        { accountId: account.id, keyId: '', mode: 'live' },
        { li_at: session.liAt, jsessionid: session.jsessionId, li_a: session.liA, user_agent: 'Mozilla/5.0 test' },
      );
    } finally {
      await app.close();
    }
  };

  it('connects a live seat when the certificate is trusted', async () => {
    const { seat } = await connect({ LEADFORGE_SALESTOOL_CA: join(dir, 'ca.pem') });
    expect(seat.status).toBe('valid');
  });

  it('refuses the tool as unavailable (503) without it', async () => {
    await expect(connect({})).rejects.toMatchObject({ status: 503 });
  });
});
