// npm run bench:extract: a 2,500-lead people search extracted with email enrichment through the
// whole service in the sandbox (sales tool unpaced): wall time, CPU time per lead, peak RSS; then the
// finished detail read over HTTP, as full JSON and as CSV: median latency (targets: under 250 ms
// for the JSON, peak RSS under 300 MB). Figures go to server/bench/README.md (between the
// bench:extract markers) and server/bench/results/extract.json.
// Options: --enrich none|matching|all (default all) --runs N (detail reads, default 21).
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { buildWorld } from '../src/sandbox/world/build-world.ts';
import { checkEmails } from './extract/accuracy.ts';
import { type ExtractBenchResult, median, writeExtractReport } from './extract/report.ts';
import { runExtraction } from './extract/run.ts';

const { values } = parseArgs({
  options: {
    enrich: { type: 'string', default: 'all' },
    runs: { type: 'string', default: '21' },
  },
});
const enrich = values.enrich as 'none' | 'matching' | 'all';
if (!['none', 'matching', 'all'].includes(enrich)) throw new Error('--enrich must be none, matching or all');

// Directors and Vice Presidents anywhere: more than the sales tool's 2,500-result cap, so the
// extraction reads exactly 2,500 leads from 100 pages.
const URL_2500 =
  'https://www.linkedin.com/sales/search/people?query=(filters:List((type:SENIORITY_LEVEL,values:List(' +
  '(id:220,text:Director,selectionType:INCLUDED),(id:300,text:Vice%20President,selectionType:INCLUDED)))))';
const TARGETS = { detailJsonMedianMs: 250, rssPeakMb: 300 };
const settings = {
  url: URL_2500,
  enrich,
  greylistMs: 2_000,
  retryDelays: '3s,6s,12s',
  detailRuns: Number(values.runs),
};

const run = await runExtraction(settings);
// The world the simulator served (the default one), built here only once the measuring is over.
const { wrongSafeExamples, ...emails } = checkEmails(buildWorld({}), run.records0);
if (wrongSafeExamples) console.log('Wrong safe answers:', wrongSafeExamples);
const result: ExtractBenchResult = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
  cores: cpus().length,
  workload: {
    enrich,
    records: run.records,
    total: run.total,
    greylistMs: settings.greylistMs,
    retryDelays: settings.retryDelays,
  },
  extraction: {
    wallMs: Math.round(run.phases.wallMs),
    pagingMs: Math.round(run.phases.pagingMs),
    buildingMs: Math.round(run.phases.buildingMs),
    enrichingMs: Math.round(run.phases.enrichingMs),
    cpuMsPerLead: run.cpuMs / Math.max(1, run.records),
    rssBaselineMb: Math.round(run.rssBaselineMb),
    rssPeakMb: Math.round(run.rssPeakMb),
    rssPeaksMb: Object.fromEntries(Object.entries(run.rssPeaks).map(([k, v]) => [k, Math.round(v)])),
  },
  detail: {
    runs: settings.detailRuns,
    jsonMedianMs: median(run.detail.jsonMs),
    jsonBytes: run.detail.jsonBytes,
    csvMedianMs: median(run.detail.csvMs),
    csvBytes: run.detail.csvBytes,
  },
  emails,
  targets: TARGETS,
};
console.log(JSON.stringify(result, null, 2));
writeExtractReport(result);
console.log('Wrote server/bench/results/extract.json and the bench:extract section of server/bench/README.md.');
const met = result.detail.jsonMedianMs < TARGETS.detailJsonMedianMs && result.extraction.rssPeakMb < TARGETS.rssPeakMb;
process.exitCode = met && emails.wrongSafe === 0 ? 0 : 1;
