import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { type CsvValue, csvRow } from '../../../lib/csv/write.ts';

/**
 * Writes the input CSV's rows back with result columns added (`verify --file`, `find --file`),
 * through a temporary file renamed at the end, so `out` is never half written. Returns how many
 * rows fell under each key `countKey` gives.
 */
export function writeResultCsv(opts: {
  output: string;
  header: string[];
  rows: string[][];
  resultColumns: readonly string[];
  /** The result cells of input row i, in resultColumns order. */
  cells: (i: number) => CsvValue[];
  countKey: (i: number) => string;
}): Record<string, number> {
  const tmp = `${opts.output}.tmp-${process.pid}`;
  writeFileSync(tmp, csvRow([...opts.header, ...opts.resultColumns]));
  const counts: Record<string, number> = {};
  const lines: string[] = [];
  opts.rows.forEach((row, i) => {
    const key = opts.countKey(i);
    counts[key] = (counts[key] ?? 0) + 1;
    lines.push(csvRow([...opts.header.map((_, c) => row[c] ?? ''), ...opts.cells(i)]));
    if (lines.length >= 1000) appendFileSync(tmp, lines.splice(0).join(''));
  });
  appendFileSync(tmp, lines.join(''));
  renameSync(tmp, opts.output);
  return counts;
}
