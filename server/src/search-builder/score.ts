/**
 * Scores the search builder against the hand-written test set (testset/descriptions.txt):
 * precision and recall per filter type, over the labels of `filters_used`. Run it with
 * `npx tsx server/src/search-builder/score.ts [holdout.txt]` (add `--misses` to list each disagreement).
 */
import { readFileSync } from 'node:fs';
import type { SearchKind } from '../../../lib/salesnav/filters.ts';
import { buildSearch } from './build.ts';

const SHORT: Record<string, string> = {
  T: 'CURRENT_TITLE',
  S: 'SENIORITY_LEVEL',
  F: 'FUNCTION',
  H: 'COMPANY_HEADCOUNT',
  I: 'INDUSTRY',
  R: 'REGION',
  HQ: 'COMPANY_HEADQUARTERS',
  CT: 'COMPANY_TYPE',
  YE: 'YEARS_OF_EXPERIENCE',
  YR: 'YEARS_IN_CURRENT_POSITION',
  YC: 'YEARS_AT_CURRENT_COMPANY',
  L: 'PROFILE_LANGUAGE',
  RCJ: 'RECENTLY_CHANGED_JOBS',
  POL: 'POSTED_ON_LINKEDIN',
  CC: 'CURRENT_COMPANY',
  PC: 'PAST_COMPANY',
  REV: 'ANNUAL_REVENUE',
  G: 'COMPANY_HEADCOUNT_GROWTH',
  FO: 'FORTUNE',
  JO: 'JOB_OPPORTUNITIES',
  AA: 'ACCOUNT_ACTIVITIES',
  NF: 'NUM_OF_FOLLOWERS',
  REL: 'RELATIONSHIP',
  K: 'keywords',
};
/** Types scored on presence only: a toggle is on or off, a range is judged by its presence. */
const PRESENCE = new Set([
  'RECENTLY_CHANGED_JOBS',
  'POSTED_ON_LINKEDIN',
  'ANNUAL_REVENUE',
  'COMPANY_HEADCOUNT_GROWTH',
  'JOB_OPPORTUNITIES',
  'ACCOUNT_ACTIVITIES',
]);

export interface Case {
  line: number;
  kind: SearchKind;
  description: string;
  expected: Record<string, string[]>;
}

export function readCases(path = new URL('./testset/descriptions.txt', import.meta.url)): Case[] {
  const cases: Case[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '' || text.startsWith('#')) return;
      const [kind, description, ...filters] = text.split('|').map((p) => p.trim());
      if ((kind !== 'LEAD' && kind !== 'ACCOUNT') || !description) throw new Error(`line ${i + 1}: ${text}`);
      const expected: Record<string, string[]> = {};
      for (const f of filters) {
        const at = f.indexOf('=');
        const type = SHORT[f.slice(0, at)];
        if (at < 0 || !type) throw new Error(`line ${i + 1}: bad filter '${f}'`);
        expected[type] = f
          .slice(at + 1)
          .split(';')
          .map((l) => l.trim());
      }
      cases.push({ line: i + 1, kind, description, expected });
    });
  return cases;
}

const norm = (label: string) => label.toLowerCase().replace(/\s+/g, ' ').trim();

export interface TypeScore {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

export interface Miss {
  line: number;
  description: string;
  type: string;
  expected: string[];
  got: string[];
}

export function score(cases: Case[]): { byType: Record<string, TypeScore>; overall: TypeScore; misses: Miss[] } {
  const counts: Record<string, { tp: number; fp: number; fn: number }> = {};
  const misses: Miss[] = [];
  for (const c of cases) {
    const got = buildSearch(c.description, c.kind).filters_used;
    for (const type of new Set([...Object.keys(c.expected), ...Object.keys(got)])) {
      const presence = PRESENCE.has(type);
      const want = new Set((c.expected[type] ?? []).map((l) => (presence ? 'yes' : norm(l))));
      const have = new Set((got[type] ?? []).map((l) => (presence ? 'yes' : norm(l))));
      const n = counts[type] ?? { tp: 0, fp: 0, fn: 0 };
      counts[type] = n;
      for (const l of have) {
        if (want.has(l)) n.tp++;
        else n.fp++;
      }
      for (const l of want) if (!have.has(l)) n.fn++;
      if ([...want].some((l) => !have.has(l)) || [...have].some((l) => !want.has(l))) {
        misses.push({
          line: c.line,
          description: c.description,
          type,
          expected: c.expected[type] ?? [],
          got: got[type] ?? [],
        });
      }
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const finish = (n: { tp: number; fp: number; fn: number }): TypeScore => ({
    ...n,
    precision: ratio(n.tp, n.tp + n.fp),
    recall: ratio(n.tp, n.tp + n.fn),
  });
  const byType = Object.fromEntries(Object.entries(counts).map(([t, n]) => [t, finish(n)]));
  const total = Object.values(counts).reduce((a, n) => ({ tp: a.tp + n.tp, fp: a.fp + n.fp, fn: a.fn + n.fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
  return { byType, overall: finish(total), misses };
}

export function report(result: ReturnType<typeof score>, cases: number): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const rows = Object.entries(result.byType)
    .sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn))
    .map(([t, s]) => `${t.padEnd(27)} ${String(s.tp + s.fn).padStart(5)} ${pct(s.precision)} ${pct(s.recall)}`);
  const o = result.overall;
  return [
    `${cases} descriptions`,
    `${'filter type'.padEnd(27)} ${'exp.'.padStart(5)} ${'prec.'.padStart(7)} ${'recall'.padStart(7)}`,
    ...rows,
    `${'all labels'.padEnd(27)} ${String(o.tp + o.fn).padStart(5)} ${pct(o.precision)} ${pct(o.recall)}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const cases = readCases(file ? new URL(`./testset/${file}`, import.meta.url) : undefined);
  const result = score(cases);
  console.log(report(result, cases.length));
  if (process.argv.includes('--misses')) {
    for (const m of result.misses)
      console.log(
        `${m.line} ${m.type}: want ${JSON.stringify(m.expected)} got ${JSON.stringify(m.got)}  — ${m.description}`,
      );
  }
}
