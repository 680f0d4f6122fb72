import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CASE_ORDER, casesOf, type VerifierScore } from './score.ts';

const README = resolve(import.meta.dirname, '../README.md');
export const RESULTS = resolve(import.meta.dirname, '../results/compare.json');
const START = '<!-- bench:compare:start -->';
const END = '<!-- bench:compare:end -->';

export interface CompareResult {
  date: string;
  node: string;
  cpu: string;
  world: {
    seed: string;
    companies: number;
    peoplePerCompany: number;
    greylistDelayMs: number;
    slowGreetingMs: number;
    latencyMs: number;
  };
  labelled: { count: number; seed: string };
  smtpPort: number | string;
  port25Problem: string | null;
  engine: { name: string; env: Record<string, string> };
  limits: { callTimeoutMs: number; competitorBudgetMs: number; engineBudgetMs: number };
  concurrency: number;
  competitors: {
    name: string;
    version: string;
    monthlyDownloads: number;
    port25Only: boolean;
    called: string;
    mapping: readonly string[];
  }[];
  skipped: { name: string; why: string }[];
  scores: VerifierScore[];
  /** Every labelled address, its ground truth, and each verifier's answer (`verdict: what it said`, or null). */
  addresses: {
    address: string;
    truth: string;
    reason: string;
    behaviour: string;
    answers: Record<string, string | null>;
  }[];
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
const verdictOf = (answer: string | null | undefined) => answer?.split(':')[0] ?? 'no answer';

/** Addresses where a competitor agrees with the ground truth and our engine does not. */
export function competitorWins(r: CompareResult, engine: string) {
  return r.addresses.flatMap((a) => {
    if (!(engine in a.answers) || verdictOf(a.answers[engine]) === a.truth) return [];
    const right = Object.entries(a.answers).filter(([name, ans]) => name !== engine && verdictOf(ans) === a.truth);
    return right.length === 0 ? [] : [{ ...a, right: right.map(([name]) => name) }];
  });
}

/**
 * Writes the results to `results` (results/compare.json for a full run) and, when `readme`, the
 * README's section between the bench:compare markers (only that section).
 */
export function writeReport(r: CompareResult, results: string, readme: boolean): void {
  mkdirSync(resolve(results, '..'), { recursive: true });
  writeFileSync(results, `${JSON.stringify(r, null, 2)}\n`);
  // Laid out as Biome lays JSON out, so that `npm run lint` passes on the committed file.
  const biome = resolve(import.meta.dirname, '../../../node_modules/@biomejs/biome/bin/biome');
  spawnSync(process.execPath, [biome, 'format', '--write', results], { stdio: 'ignore' });
  if (!readme) return;

  const engine = r.engine.name;
  const s = r.scores;
  const short = (name: string) => (name === engine ? 'ours' : name.replace('@devmehq/', ''));
  const lines = [
    `Run on ${r.date}, Node ${r.node}, ${r.cpu}, 2 cores (\`npm run bench:compare\`, ${(s.reduce((t, x) => t + x.wallMs, 0) / 60_000).toFixed(1)} min of verifying).`,
    '',
    `${r.labelled.count} labelled addresses (\`labelledAddresses\`, seed \`${r.labelled.seed}\`) over the world of the accuracy test (seed \`${r.world.seed}\`, ${r.world.companies} companies, ${r.world.peoplePerCompany} people each) with the world's real delays: greylisting ${r.world.greylistDelayMs / 1000} s, the slow host's greeting ${r.world.slowGreetingMs / 1000} s, no added latency. SMTP on port ${r.smtpPort}; a fresh world for each verifier, each verifier in a process of its own pointed at the world's DNS. Competitors check ${r.concurrency} addresses at a time, each call given at most ${r.limits.callTimeoutMs / 1000} s and each competitor ${r.limits.competitorBudgetMs / 1000} s in all. Ours: \`verifyEmails\` with default settings except ${Object.entries(
      r.engine.env,
    )
      .map(([k, v]) => `\`${k}=${v}\``)
      .join(', ')}.`,
    ...(r.port25Problem ? ['', `**${r.port25Problem}**`] : []),
    ...r.skipped.map((x) => `- skipped: ${x.name} (${x.why})`),
    '',
    '| verifier | agreement with the ground truth | deliverable called invalid | invalid called deliverable | suspect called invalid | riskier called safe | timeouts / errors / uncaught exceptions | wall time |',
    '|---|---|---|---|---|---|---|---|',
    ...s.map(
      (x) =>
        `| ${x.name === engine ? `**${engine}**` : `${x.name} ${x.version}`} | ${pct(x.agree, x.total)} (${x.agree}/${x.total}) | ${x.deliverableCalledInvalid} | ${x.invalidCalledDeliverable} | ${x.suspectCalledInvalid} | ${x.riskierCalledSafe} | ${x.timeouts} / ${x.errors} / ${x.crashes}${x.failure ? ` (${x.failure})` : ''} | ${(x.wallMs / 1000).toFixed(1)} s |`,
    ),
    '',
    'Per case of the verdict table (addresses agreeing / addresses in the case; an address counts under its mailbox kind and under its domain’s behaviour):',
    '',
    `| case | ${s.map((x) => short(x.name)).join(' | ')} |`,
    `|---|${s.map(() => '---|').join('')}`,
  ];
  const present = new Set(r.addresses.flatMap((a) => casesOf(a as Parameters<typeof casesOf>[0])));
  for (const c of CASE_ORDER.filter((x) => present.has(x))) {
    lines.push(
      `| ${c} | ${s
        .map((x) => {
          const [agree, n] = x.perCase[c] ?? [0, 0];
          const cell = `${agree}/${n}`;
          return agree === n ? cell : `**${cell}**`;
        })
        .join(' | ')} |`,
    );
  }
  const wins = competitorWins(r, engine);
  lines.push(
    '',
    wins.length === 0
      ? 'No address where a competitor agrees with the ground truth and ours does not.'
      : `Where a competitor is right and ours is not (${wins.length}):`,
    ...wins.map(
      (w) =>
        `- \`${w.address}\` (${w.behaviour}, truth ${w.truth}: ${w.reason}): ours said ${w.answers[engine]}; right: ${w.right.map((n) => `${n} (${w.answers[n]})`).join(', ')}`,
    ),
    '',
    'How each competitor is called, and how its answers map to our verdicts (a library that only says yes or no maps to the nearest verdict; where it tells "could not check" apart, that is suspect):',
    '',
  );
  for (const c of r.competitors) {
    lines.push(
      `- **${c.name} ${c.version}** (${c.monthlyDownloads.toLocaleString('en')} downloads a month): ${c.called}`,
      ...c.mapping.map((m) => `  - ${m}`),
    );
  }
  let text = readFileSync(README, 'utf8');
  if (!text.includes(START)) text += `\n${START}\n${END}\n`;
  const before = text.slice(0, text.indexOf(START) + START.length);
  const after = text.slice(text.indexOf(END));
  writeFileSync(README, `${before}\n${lines.join('\n')}\n${after}`);
}
