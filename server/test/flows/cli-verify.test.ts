import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvDocument } from '../../../lib/csv/write.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { expectedVerdict } from '../../src/sandbox/world/ground-truth.ts';
import { labelledAddresses } from '../../src/sandbox/world/labelled-addresses.ts';
import type { World } from '../../src/sandbox/world/types.ts';
import { runCli, startCli } from '../support/processes.ts';
import { waitUntil } from '../support/wait.ts';

/** `leadforge verify` and `leadforge sandbox serve`, as a user runs them (sandbox only: no test reaches the internet). */
describe('leadforge verify --sandbox', () => {
  let dir: string;
  let world: World;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lf-verify-'));
    world = buildWorld(); // the world the CLI's sandbox runs: the default seed
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON object per line with the verdict and its details, and a table without --json', async () => {
    const addresses = ['alice@ok.leadforge.test', 'nosuchuser@ok.leadforge.test', 'alice@nullmx.leadforge.test'];
    const json = await runCli(['verify', '--sandbox', '--json', ...addresses], {});
    expect(json.code, json.stderr).toBe(0);
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.email, l.email_validity])).toEqual([
      ['alice@ok.leadforge.test', 'safe'],
      ['nosuchuser@ok.leadforge.test', 'invalid'],
      ['alice@nullmx.leadforge.test', 'invalid'],
    ]);
    expect(lines[0].details).toMatchObject({ smtp: { code: 250 }, catch_all: { value: false } });
    expect(lines[2].details.domain.status).toBe('null_mx');

    const text = await runCli(['verify', '--sandbox', 'info@ok.leadforge.test'], {});
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^email\s+verdict\s+why\s+mx\s+smtp\n/);
    expect(text.stdout).toMatch(/info@ok\.leadforge\.test\s+riskier\s+.*role account/);
  });

  it('verifies a CSV column, resumes after being killed, and writes the verdict columns in the input order', async () => {
    const labelled = labelledAddresses(world, {
      count: 80,
      seed: 'cli',
      exclude: ['greylist', 'silent', 'slow_greeting', 'greylist_forever'],
    }).filter((l) => !['greylist', 'silent', 'slow'].some((w) => l.address.includes(`@${w}.`)));
    const input = join(dir, 'in.csv');
    const output = join(dir, 'out.csv');
    const rows = labelled.map((l, i) => [`Person ${i}, "the ${i}th"`, l.address, String(i)]);
    rows.splice(5, 0, ['Nobody', '', 'x']);
    writeFileSync(input, csvDocument(['Name', 'E-mail Address', 'n'], rows));

    // Slow replies and one connection per MX host, so the first run can be stopped half way.
    // The busy host answers 421: retried after 200 ms instead of a minute (the greylisted hosts are left out).
    const fast = { LEADFORGE_GREYLIST_RETRY_DELAYS: '200ms' };
    const env = { ...fast, LEADFORGE_SANDBOX_LATENCY_MS: '25', LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX: '1' };
    const first = startCli(['verify', '--sandbox', '--file', input, '--out', output], env);
    const partial = `${output}.partial`;
    const resultLines = () => (existsSync(partial) ? readFileSync(partial, 'utf8').split('\n').length - 2 : 0);
    await waitUntil('some rows verified', () => resultLines() >= 10, 30_000);
    await first.stop('SIGKILL');
    const before = resultLines();
    expect(before).toBeLessThan(labelled.length);
    expect(existsSync(output)).toBe(false);

    const second = await runCli(['verify', '--sandbox', '--file', input, '--out', output], fast);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(new RegExp(`Resuming: ${before} of ${rows.length} rows`));
    expect(second.stderr).toMatch(/verifying \[#+\] \d+\/\d+ 100%/);
    expect(existsSync(partial)).toBe(false);

    const written = parse(readFileSync(output, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(written).toHaveLength(rows.length);
    expect(written.map((r) => r.Name)).toEqual(rows.map((r) => r[0]));
    expect(written[5]).toMatchObject({ 'E-mail Address': '', email_validity: '', reasons: 'no_address' });
    const wrong = written
      .filter((r) => r['E-mail Address'])
      .map((r) => ({
        email: r['E-mail Address'],
        got: r.email_validity,
        want: expectedVerdict(world, r['E-mail Address'] ?? '').verdict,
      }))
      .filter((x) => x.got !== x.want);
    expect(wrong).toEqual([]);
    expect(Object.keys(written[0] ?? {})).toEqual([
      'Name',
      'E-mail Address',
      'n',
      'email_validity',
      'reasons',
      'mx_host',
      'smtp_code',
      'smtp_reply',
      'catch_all',
      'role',
      'disposable',
      'free',
    ]);
  });

  it('names the column to read with --column, and says when there is none', async () => {
    const input = join(dir, 'col.csv');
    writeFileSync(input, csvDocument(['who', 'contact'], [['a', 'alice@ok.leadforge.test']]));
    const none = await runCli(['verify', '--sandbox', '--file', input, '--out', join(dir, 'col-out.csv')], {});
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no column named email; name the column with --column/);
    const named = await runCli(
      ['verify', '--sandbox', '--file', input, '--out', join(dir, 'col-out.csv'), '--column', 'contact'],
      {},
    );
    expect(named.code, named.stderr).toBe(0);
    expect(readFileSync(join(dir, 'col-out.csv'), 'utf8')).toMatch(/alice@ok\.leadforge\.test,safe,/);
  });
});

describe('leadforge sandbox serve', () => {
  it('says where DNS and SMTP listen, and stops on SIGTERM', async () => {
    const proc = startCli(['sandbox', 'serve', '--companies', '20', '--dns-port', '0', '--smtp-port', '0'], {});
    const dns = await proc.waitFor(/DNS\s+127\.0\.0\.1:(\d+) \(UDP and TCP\)/);
    await proc.waitFor(/SMTP\s+port (\d+) on \d+ hosts/);
    expect(Number(dns[1])).toBeGreaterThan(0);
    expect(await proc.stop('SIGTERM')).toBe(0);
  });
});
