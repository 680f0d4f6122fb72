import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const README = resolve(import.meta.dirname, '../README.md');
const RESULTS = resolve(import.meta.dirname, '../results/find.json');
const START = '<!-- bench:find:start -->';
const END = '<!-- bench:find:end -->';

export interface FindBenchResult {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  workload: { people: number; domains: number; latencyMs: number; perMx: number; excluded: readonly string[] };
  lowerBound: { ms: number; busiestHost: string; busiestDomains: number; busiestRcpts: number };
  finder: {
    ms: number;
    perSecond: number;
    rcptsPerPerson: number;
    knownPeople: number;
    rcptsPerKnownPerson: number;
    connectionsPerPerson: number;
    efficiency: number;
    found: number;
    findable: { people: number; found: number };
    wrongSafe: number;
    verdicts: Record<string, number>;
  };
  targets: { rcptsPerKnownPerson: number };
}

/** Writes results/find.json and the README's section between the bench:find markers (only that section). */
export function writeFindReport(r: FindBenchResult): void {
  mkdirSync(resolve(RESULTS, '..'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(r, null, 2)}\n`);
  const f = r.finder;
  const w = r.workload;
  const met = f.rcptsPerKnownPerson <= r.targets.rcptsPerKnownPerson;
  const lines = [
    `Run on ${r.date}, Node ${r.node}, ${r.cpu}, ${r.cores} cores: \`npm run bench:find\` (its defaults: \`--people 2000 --domains 100 --latency 50 --per-mx 2\`).`,
    '',
    `Workload: ${w.people.toLocaleString('en')} prospects over ${w.domains} sandbox companies (given with the company's name and domain, in extraction order, nothing learned beforehand), ${w.latencyMs} ms on every DNS answer and SMTP reply, at most ${w.perMx} sessions per MX host, no provider rate caps. Left out, as in bench:verify: companies whose mail time the world sets on purpose (${w.excluded.join(', ')}).`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| measured | ${(f.ms / 1000).toFixed(1)} s | |`,
    `| prospects/s | ${f.perSecond.toFixed(1)} | |`,
    `| RCPTs per prospect, overall | ${f.rcptsPerPerson.toFixed(2)} | |`,
    `| RCPTs per prospect once the domain's pattern is known | ${f.rcptsPerKnownPerson.toFixed(2)} (${f.knownPeople} prospects) | ≤ ${r.targets.rcptsPerKnownPerson} ${met ? '(met)' : '(NOT met)'} |`,
    `| SMTP connections per prospect | ${f.connectionsPerPerson.toFixed(3)} | |`,
    `| lower bound | ${(r.lowerBound.ms / 1000).toFixed(1)} s (${r.lowerBound.busiestHost}: ${r.lowerBound.busiestDomains} domains, ${r.lowerBound.busiestRcpts} RCPTs) | |`,
    `| efficiency (lower bound / measured) | ${f.efficiency.toFixed(2)} | |`,
    `| found (the person's real address, any verdict) | ${f.found} of ${w.people} (${((f.found * 100) / w.people).toFixed(1)} %) | |`,
    `| findable found, as safe or riskier (servers that answer RCPT truthfully, mailbox not disabled) | ${f.findable.found} of ${f.findable.people} (${((f.findable.found * 100) / Math.max(1, f.findable.people)).toFixed(1)} %) | |`,
    `| wrong addresses marked safe | ${f.wrongSafe} | 0 ${f.wrongSafe === 0 ? '(met)' : '(NOT met)'} |`,
    `| verdicts | ${Object.entries(f.verdicts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')} | |`,
    '',
    "The lower bound is bench:verify's (`server/bench/verify/lower-bound.ts`) for an oracle that knows each person's address: every real address asked at RCPT once plus one catch-all probe per domain, in sessions packed as full as the provider and server allow, every reply the configured latency late, at most the per-MX limit of sessions per MX host at once. A real finder must also ask the wrong guesses (the RCPTs above), learn a domain's pattern from its first people before it can ask one address per person, and cannot pack many people's first guesses into one session before it knows them, so the efficiency stays well below bench:verify's. Catch-all domains answer without SMTP once seen (every RCPT would be accepted there), and blocked or unreachable ones cost their first people only.",
  ];
  let readme = readFileSync(README, 'utf8');
  if (!readme.includes(START)) readme += `\n## \`npm run bench:find\`\n\n${START}\n${END}\n`;
  const before = readme.slice(0, readme.indexOf(START) + START.length);
  const after = readme.slice(readme.indexOf(END));
  writeFileSync(README, `${before}\n${lines.join('\n')}\n${after}`);
}
