import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JobsResult } from '../jobs.ts';

const README = resolve(import.meta.dirname, '../README.md');
const RESULTS = resolve(import.meta.dirname, '../results/jobs.json');

/** Writes the figures to results/jobs.json and into the README between the bench:jobs markers. */
export function writeReport(results: JobsResult[], target: number, cpu: string): void {
  mkdirSync(resolve(RESULTS, '..'), { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(RESULTS, `${JSON.stringify({ date, node: process.version, cpu, target, results }, null, 2)}\n`);
  const table = [
    `Run on ${date}, Node ${process.version}, ${cpu}, 2 cores. Target: at least ${target} jobs/s on each engine.`,
    '',
    '| engine | worker processes | jobs | seconds | jobs/s | target met |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.dialect} | ${r.workers} | ${r.jobs} | ${r.seconds.toFixed(2)} | ${r.perSecond} | ${r.perSecond >= target ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
  const start = '<!-- bench:jobs:start -->';
  const end = '<!-- bench:jobs:end -->';
  let readme = readFileSync(README, 'utf8');
  if (!readme.includes(start)) readme += `\n${start}\n${end}\n`;
  const before = readme.slice(0, readme.indexOf(start) + start.length);
  const after = readme.slice(readme.indexOf(end));
  writeFileSync(README, `${before}\n${table}\n${after}`);
}
