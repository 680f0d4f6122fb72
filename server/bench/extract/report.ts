import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EmailCheck } from './accuracy.ts';

const README = resolve(import.meta.dirname, '../README.md');
const RESULTS = resolve(import.meta.dirname, '../results/extract.json');
const START = '<!-- bench:extract:start -->';
const END = '<!-- bench:extract:end -->';

export interface ExtractBenchResult {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  workload: { enrich: string; records: number; total: number; greylistMs: number; retryDelays: string };
  extraction: {
    wallMs: number;
    pagingMs: number;
    buildingMs: number;
    enrichingMs: number;
    cpuMsPerLead: number;
    rssBaselineMb: number;
    rssPeakMb: number;
    rssPeaksMb: Record<string, number>;
  };
  detail: { runs: number; jsonMedianMs: number; jsonBytes: number; csvMedianMs: number; csvBytes: number };
  emails: EmailCheck;
  targets: { detailJsonMedianMs: number; rssPeakMb: number };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const met = (ok: boolean) => (ok ? '(met)' : '(NOT met)');

/** Writes results/extract.json (no arrays, so Biome's layout is JSON.stringify's) and the README section. */
export function writeExtractReport(r: ExtractBenchResult): void {
  mkdirSync(resolve(RESULTS, '..'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(r, null, 2)}\n`);
  const x = r.extraction;
  const d = r.detail;
  const e = r.emails;
  const lines = [
    `Run on ${r.date}, Node ${r.node}, ${r.cpu}, ${r.cores} cores: \`npm run bench:extract\` (enrich_email=${r.workload.enrich}).`,
    '',
    `Workload: a people search of ${r.workload.total.toLocaleString('en')} results (Directors and Vice Presidents), of which the sales tool's cap lets ${r.workload.records.toLocaleString('en')} be read, extracted through the API on SQLite with the real worker, as a live key reaches the real tool and mail servers (the simulated sales tool and the mail world run in another process: \`LEADFORGE_SALESTOOL_URL\`, \`LEADFORGE_SALESTOOL_CA\`, \`LEADFORGE_DNS_SERVERS\`, \`LEADFORGE_SMTP_PORT\`); greylisting shortened to ${r.workload.greylistMs / 1000} s with retries after ${r.workload.retryDelays}.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| wall time, accepted to EXECUTED | ${s(x.wallMs)} | |`,
    `| paging (0–75 %) | ${s(x.pagingMs)} | |`,
    `| profiles, companies, records (75–90 %) | ${s(x.buildingMs)} | |`,
    `| emails (90–100 %) | ${s(x.enrichingMs)} | |`,
    `| CPU time per lead (the service's process) | ${x.cpuMsPerLead.toFixed(1)} ms | |`,
    `| peak RSS of the service's process (${x.rssBaselineMb} MB before the extraction) | ${x.rssPeakMb} MB | < ${r.targets.rssPeakMb} MB ${met(x.rssPeakMb < r.targets.rssPeakMb)} |`,
    `| peak RSS by phase | ${Object.entries(x.rssPeaksMb)
      .map(([k, v]) => `${k} ${v} MB`)
      .join(', ')} | |`,
    `| detail, full JSON (${mb(d.jsonBytes)}), median of ${d.runs} | ${d.jsonMedianMs.toFixed(0)} ms | < ${r.targets.detailJsonMedianMs} ms ${met(d.jsonMedianMs < r.targets.detailJsonMedianMs)} |`,
    `| detail, CSV (${mb(d.csvBytes)}), median of ${d.runs} | ${d.csvMedianMs.toFixed(0)} ms | |`,
    `| emails: the person's real address | ${e.right} of ${e.withEmail} with an email (${e.leads} leads) | |`,
    `| wrong addresses marked safe | ${e.wrongSafe} | 0 ${met(e.wrongSafe === 0)} |`,
    `| Email Status | ${Object.entries(e.statuses)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')} | |`,
  ];
  let readme = readFileSync(README, 'utf8');
  if (!readme.includes(START)) readme += `\n## \`npm run bench:extract\`\n\n${START}\n${END}\n`;
  const before = readme.slice(0, readme.indexOf(START) + START.length);
  const after = readme.slice(readme.indexOf(END));
  writeFileSync(README, `${before}\n${lines.join('\n')}\n${after}`);
}
