import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailFinderProspectOutSchema } from '../../../lib/contract/email-finder.ts';
import { csvDocument } from '../../../lib/csv/write.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import type { Company, Person, World } from '../../src/sandbox/world/types.ts';
import { runCli } from '../support/processes.ts';

/** `leadforge find`, as a user runs it, against the sandbox (no test reaches the internet). */
describe('leadforge find --sandbox', () => {
  let dir: string;
  let world: World;
  let staff: { company: Company; people: Person[] }[];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lf-find-'));
    world = buildWorld(); // the world the CLI's sandbox runs: the default seed
    staff = world.companies
      .filter((c) => c.mail === 'normal')
      .slice(0, 4)
      .map((company) => ({
        company,
        people: world.people.filter((p) => p.companyId === company.id && p.mailbox === 'active').slice(0, 3),
      }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the spec’s prospect result as JSON with --json, and a table without; by domain or by company name', async () => {
    const { company, people } = staff[0] as { company: Company; people: Person[] };
    const p = people[0] as Person;
    const json = await runCli(
      ['find', '--sandbox', '--json', '--first', p.firstName, '--last', p.lastName, '--domain', company.domain],
      {},
    );
    expect(json.code, json.stderr).toBe(0);
    const result = EmailFinderProspectOutSchema.strict().parse(JSON.parse(json.stdout.trim()));
    expect(result).toMatchObject({ found_email: p.email, email_validity: 'safe', status: 'complete' });

    const text = await runCli(
      ['find', '--sandbox', '--first', p.firstName, '--last', p.lastName, '--company', company.legalName],
      {},
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^name\s+email\s+verdict\s+why\s+asked\n/);
    expect(text.stdout).toContain(`${p.email}  safe`);

    const bad = await runCli(['find', '--sandbox', '--first', 'Jane', '--last', 'Doe'], {});
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/give --domain or --company/);
    const noLast = await runCli(['find', '--sandbox', '--first', 'Jane', '--domain', company.domain], {});
    expect(noLast.code).toBe(1);
    expect(noLast.stderr).toMatch(/--last is required/);
  });

  it('finds everyone of a CSV file with a progress bar and writes the result columns in the input order', async () => {
    const rows: string[][] = [];
    for (const { company, people } of staff) {
      for (const [i, p] of people.entries()) {
        rows.push([p.firstName, p.lastName, company.legalName, i === 0 ? '' : company.domain]);
      }
    }
    rows.splice(2, 0, ['Nobody', '', 'Acme', 'acme.test']);
    const input = join(dir, 'people.csv');
    const output = join(dir, 'found.csv');
    writeFileSync(input, csvDocument(['first_name', 'last_name', 'company_name', 'company_domain'], rows));
    const run = await runCli(['find', '--sandbox', '--file', input, '--out', output], {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/finding \[#+\] \d+\/\d+ 100%/);
    const written = parse(readFileSync(output, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(written.map((r) => r.first_name)).toEqual(rows.map((r) => r[0]));
    expect(written[2]).toMatchObject({ status: 'failed', found_email: '' });
    expect(written[2]?.error_message).toBe('invalid_row: last_name: is required');
    const expected = staff.flatMap(({ people }) => people.map((p) => p.email));
    const found = written.filter((_, i) => i !== 2).map((r) => r.found_email);
    expect(found).toEqual(expected);
    expect(Object.keys(written[0] ?? {})).toEqual([
      'first_name',
      'last_name',
      'company_name',
      'company_domain',
      'found_email',
      'email_validity',
      'status',
      'error_message',
    ]);
  });
});
