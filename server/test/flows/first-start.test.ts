import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QuotaOutSchema } from '../../../lib/contract/quota.ts';
import { runCli, startServer } from '../support/processes.ts';

describe('first start with no configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lf-first-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the sandbox account and prints a working key once; a restart keeps it', async () => {
    // No DATABASE_URL, no data dir: the defaults, relative to the working directory.
    const first = await startServer({}, 'all', dir);
    const key = (await first.proc.waitFor(/Bearer (lf_test_[A-Za-z0-9_-]{32})/))[1];
    expect(first.proc.output).toContain(`curl -H "Authorization: Bearer ${key}" ${first.base}/v1/quota/`);

    const res = await fetch(`${first.base}/v1/quota/`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const quota = QuotaOutSchema.parse(await res.json()).quota;
    expect(quota.credits).toBe(1000);
    // a sandbox seat, checked against the simulated sales tool, so extraction works from the first key
    expect(quota.has_valid_seat).toBe(true);
    expect(quota.seats).toHaveLength(1);
    expect(first.proc.output).toContain('A sandbox seat is connected for demo@leadforge.test');
    expect(first.proc.output).toMatch(
      /Sandbox sales tool \(Sales Navigator as https:\/\/www\.linkedin\.com\) on https:\/\/127\.0\.0\.1:\d+/,
    );
    expect(await first.proc.stop('SIGTERM')).toBe(0);

    // The database and the secret key live in ./.leadforge; the key file is private.
    expect(statSync(join(dir, '.leadforge', 'leadforge.db')).isFile()).toBe(true);
    expect(statSync(join(dir, '.leadforge', 'secret.key')).mode & 0o777).toBe(0o600);

    const second = await startServer({}, 'all', dir);
    expect(second.proc.output).not.toMatch(/lf_test_/);
    const again = await fetch(`${second.base}/v1/quota/`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    expect(await second.proc.stop('SIGINT')).toBe(0);

    const accounts = await runCli(['accounts', 'list'], {}, dir);
    expect(accounts.code).toBe(0);
    expect(accounts.stdout).toMatch(/^sandbox\s+\S+\s+1000\s+0\s/m);
  });

  it('stops at start with one clear line per bad setting', async () => {
    const res = await runCli(['serve'], { PORT: 'http', LEADFORGE_LOG_LEVEL: 'chatty' }, dir);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Invalid configuration:');
    expect(res.stderr).toMatch(/PORT: must be a whole number \(got "http"\)/);
    expect(res.stderr).toMatch(/LEADFORGE_LOG_LEVEL: .*\(got "chatty"\)/);
  });
});
