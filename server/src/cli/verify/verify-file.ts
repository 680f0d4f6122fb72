import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Verifier } from '../../app/worlds.ts';
import { verifyEmails } from '../../verify/index.ts';
import { writeResultCsv } from '../result-csv.ts';
import { emptyOutcome, OUTCOME_COLUMNS, type Outcome, outcomeOf } from './outcome.ts';
import { ProgressBar } from './progress.ts';

export interface VerifyFileOptions {
  input: string;
  output: string;
  /** The column holding the addresses; by default the one named `email` (any case), else one whose name contains it (`E-mail Address`). */
  column?: string;
  log: (line: string) => void;
}

interface PartialHeader {
  input: string; // sha256 of the input file
  column: number;
}

/**
 * Verifies a column of a CSV file and writes the file back with the verdict columns added, in the
 * same order. Each result is appended to `<out>.partial` (JSON lines) as it becomes final, so an
 * interrupted run started again verifies only what is left; the partial file is removed once the
 * output is written (to a temporary name, then renamed: never half a file under the real name).
 */
export async function verifyFile(verifier: Verifier, opts: VerifyFileOptions): Promise<Record<string, number>> {
  const text = readFileSync(opts.input, 'utf8');
  const records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = records[0] ?? [];
  const rows = records.slice(1);
  const column = columnIndex(header, opts.column);
  const fingerprint = createHash('sha256').update(text).digest('hex');
  const partial = `${opts.output}.partial`;

  const done = readPartial(partial, fingerprint, column);
  if (done.size === 0)
    writeFileSync(partial, `${JSON.stringify({ input: fingerprint, column } satisfies PartialHeader)}\n`);
  else opts.log(`Resuming: ${done.size} of ${rows.length} rows were verified before (${partial}).`);

  const todo: number[] = [];
  rows.forEach((row, i) => {
    if (done.has(i)) return;
    const email = (row[column] ?? '').trim();
    if (email === '') done.set(i, emptyOutcome(''));
    else todo.push(i);
  });
  const bar = new ProgressBar(rows.length, rows.length - todo.length);
  const stop = new AbortController();
  const onSignal = () => stop.abort(new Error(`interrupted: run the same command again to resume from ${partial}`));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await verifyEmails(
      todo.map((i) => (rows[i]?.[column] ?? '').trim()),
      verifier.ports,
      verifier.options,
      {
        state: verifier.state,
        signal: stop.signal,
        keepResults: false,
        onResult: (result, k) => {
          const row = todo[k] as number;
          const outcome = outcomeOf(result);
          appendFileSync(partial, `${JSON.stringify({ row, ...outcome })}\n`);
          done.set(row, outcome);
          bar.tick();
        },
      },
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  bar.finish();

  const outcome = (i: number) => done.get(i) as Outcome;
  const counts = writeResultCsv({
    output: opts.output,
    header,
    rows,
    resultColumns: OUTCOME_COLUMNS,
    cells: (i) => OUTCOME_COLUMNS.map((k) => outcome(i)[k]),
    countKey: (i) => outcome(i).email_validity || 'no address',
  });
  unlinkSync(partial);
  return counts;
}

function columnIndex(header: string[], wanted: string | undefined): number {
  const names = header.map((h) => h.trim().toLowerCase());
  if (wanted !== undefined) {
    const i = names.indexOf(wanted.trim().toLowerCase());
    if (i < 0) throw new Error(`no column named ${JSON.stringify(wanted)}; the columns are ${header.join(', ')}`);
    return i;
  }
  const exact = names.indexOf('email');
  if (exact >= 0) return exact;
  const loose = names.findIndex((n) => n.replace(/[^a-z]/g, '').includes('email')); // E-mail Address, work_email
  if (loose >= 0) return loose;
  throw new Error(`no column named email; name the column with --column (the columns are ${header.join(', ')})`);
}

/** The rows a previous run finished; a partial file of another input or column is refused, not mixed in. */
function readPartial(path: string, fingerprint: string, column: number): Map<number, Outcome> {
  const done = new Map<number, Outcome>();
  if (!existsSync(path)) return done;
  const [first, ...lines] = readFileSync(path, 'utf8').split('\n');
  const head = safeJson(first ?? '') as PartialHeader | null;
  if (head?.input !== fingerprint || head.column !== column) {
    throw new Error(`${path} belongs to another input file or column; delete it to start again`);
  }
  for (const line of lines) {
    const entry = safeJson(line) as ({ row: number } & Outcome) | null; // a line cut by a crash does not parse
    if (entry && Number.isInteger(entry.row)) {
      const { row, ...outcome } = entry;
      done.set(row, outcome);
    }
  }
  return done;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
