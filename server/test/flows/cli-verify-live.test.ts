import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProcess, runCli, startCli } from '../support/processes.ts';

/**
 * `leadforge verify` without --sandbox reaches whatever DNS and mail servers the settings name: here
 * a sandbox mail world run on its own, reached as real servers are (LEADFORGE_DNS_SERVERS,
 * LEADFORGE_SMTP_PORT). Its MX hosts are on loopback, which the operator's own command may reach.
 */
describe('leadforge verify against servers named by the settings', () => {
  let world: RunningProcess;
  let env: Record<string, string>;
  beforeAll(async () => {
    world = startCli(['sandbox', 'serve', '--companies', '20', '--dns-port', '0', '--smtp-port', '0'], {});
    const dns = await world.waitFor(/DNS\s+(127\.0\.0\.1:\d+) \(UDP and TCP\)/);
    const smtp = await world.waitFor(/SMTP\s+port (\d+) on \d+ hosts/);
    env = { LEADFORGE_DNS_SERVERS: dns[1] as string, LEADFORGE_SMTP_PORT: smtp[1] as string };
  });
  afterAll(() => world.stop('SIGTERM'));

  const verdicts = async (extra: Record<string, string>, ...addresses: string[]) => {
    const run = await runCli(['verify', '--json', ...addresses], { ...env, ...extra });
    expect(run.code, run.stderr).toBe(0);
    return run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { email: string; email_validity: string; reasons: { code: string }[] });
  };

  it('verifies on private and loopback MX hosts: the command line is the operator, not an API caller', async () => {
    const got = await verdicts({}, 'alice@ok.leadforge.test', 'nosuchuser@ok.leadforge.test');
    expect(got.map((r) => [r.email, r.email_validity])).toEqual([
      ['alice@ok.leadforge.test', 'safe'],
      ['nosuchuser@ok.leadforge.test', 'invalid'],
    ]);
  });

  it('keeps the guard when LEADFORGE_SMTP_ALLOW_PRIVATE_MX=false says so', async () => {
    const [guarded] = await verdicts({ LEADFORGE_SMTP_ALLOW_PRIVATE_MX: 'false' }, 'alice@ok.leadforge.test');
    expect(guarded?.email_validity).toBe('suspect');
    expect(guarded?.reasons.map((r) => r.code)).toContain('mx_refused_private');
  });
});
