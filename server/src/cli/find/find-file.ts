import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { EmailFinderProspectInSchema } from '../../../../lib/contract/email-finder.ts';
import type { Verifier } from '../../app/worlds.ts';
import { findPeople, type PersonToFind } from '../../email-finder/find-people.ts';
import { FinderKnowledge } from '../../email-finder/knowledge.ts';
import { type ProspectOutcome, prospectOutcome } from '../../email-finder/outcome.ts';
import type { KeyKind } from '../../store/schema.ts';
import { writeResultCsv } from '../result-csv.ts';
import { ProgressBar } from '../verify/progress.ts';

/** The input's columns (any case; others are kept as they are). */
export const INPUT_COLUMNS = ['first_name', 'last_name', 'company_name', 'company_domain'] as const;
/** The columns `find --file` adds to each row, in this order. */
export const RESULT_COLUMNS = ['found_email', 'email_validity', 'status', 'error_message'] as const;

export interface FindFileOptions {
  input: string;
  output: string;
  mode: KeyKind;
  log: (line: string) => void;
}

/**
 * Finds the address of each person of a CSV file (first_name, last_name, company_name,
 * company_domain) and writes the file back with the result columns added, rows in the same order;
 * the output is written under a temporary name and renamed, never half a file under the real name.
 * A row the API would refuse (no name, no company, a malformed domain) gets `failed` and the reason.
 */
export async function findFile(verifier: Verifier, opts: FindFileOptions): Promise<Record<string, number>> {
  const records = parse(readFileSync(opts.input, 'utf8'), {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as string[][];
  const header = records[0] ?? [];
  const rows = records.slice(1);
  const names = header.map((h) => h.trim().toLowerCase());
  const at = Object.fromEntries(INPUT_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof INPUT_COLUMNS)[number],
    number
  >;
  const missing = INPUT_COLUMNS.filter((c) => c !== 'company_name' && c !== 'company_domain' && at[c] < 0);
  if (missing.length > 0 || (at.company_name < 0 && at.company_domain < 0)) {
    throw new Error(`the file needs the columns ${INPUT_COLUMNS.join(',')} (it has ${header.join(', ')})`);
  }

  const done = new Map<number, ProspectOutcome>();
  const people: PersonToFind[] = [];
  rows.forEach((row, ref) => {
    const cell = (c: (typeof INPUT_COLUMNS)[number]) => (at[c] >= 0 ? (row[at[c]] ?? '').trim() : '');
    const parsed = EmailFinderProspectInSchema.safeParse({
      first_name: cell('first_name'),
      last_name: cell('last_name'),
      company_name: cell('company_name') || null,
      company_domain: cell('company_domain') || null,
    });
    if (!parsed.success) {
      // An empty cell reads as "is required", not as zod's "Too small: expected string to have >=1 characters".
      const why = parsed.error.issues
        .map((i) => {
          const field = i.path.join('.');
          const empty = i.code === 'too_small' && field !== '' && !cell(field as (typeof INPUT_COLUMNS)[number]);
          return `${field || 'row'}: ${empty ? 'is required' : i.message}`;
        })
        .join('; ');
      done.set(ref, {
        status: 'failed',
        found_email: null,
        email_validity: null,
        error_message: `invalid_row: ${why}`,
      });
      return;
    }
    const p = parsed.data;
    people.push({
      ref,
      firstName: p.first_name,
      lastName: p.last_name,
      companyName: p.company_name || null,
      companyDomain: p.company_domain || null,
    });
  });

  const bar = new ProgressBar(rows.length, rows.length - people.length, process.stderr, 'finding');
  const stop = new AbortController();
  const onSignal = () => stop.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await findPeople(people, {
      verifier,
      mode: opts.mode,
      knowledge: new FinderKnowledge(),
      signal: stop.signal,
      onResult: (person, result) => {
        done.set(person.ref, prospectOutcome(result));
        bar.tick();
      },
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  bar.finish();

  const outcome = (i: number) => done.get(i) as ProspectOutcome;
  return writeResultCsv({
    output: opts.output,
    header,
    rows,
    resultColumns: RESULT_COLUMNS,
    cells: (i) => RESULT_COLUMNS.map((k) => outcome(i)[k] ?? ''),
    countKey: (i) => outcome(i).email_validity ?? 'not found',
  });
}
