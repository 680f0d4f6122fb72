import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from './databases.ts';
import type { Measurement } from './measurement.ts';
import type { TargetKind } from './protocol.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Settings {
  connections: number;
  pipelining: 1;
  /** Seconds of load per target, split into `rounds` slices interleaved with the other targets'. */
  duration: number;
  rounds: number;
  /** Seconds of load thrown away per target before its first slice. */
  warmup: number;
  dialects: Dialect[];
}

export interface Row extends Measurement {
  /** The storage engine behind the target; null for the bare app, which has none. */
  dialect: Dialect | null;
  target: TargetKind;
  /** This row's req/s over the bare route's, both measured over the same stretch of time. */
  ratio: number;
}

export interface Report {
  date: string;
  /** The code measured: HEAD, with "+changes" when the service's sources differ from it. */
  commit: string;
  node: string;
  cpu: string;
  cores: number;
  platform: string;
  /** os.loadavg() when the run began: a busy machine explains figures off the usual. */
  loadBefore: number[];
  settings: Settings;
  /** The issue's target: the authenticated endpoint keeps at least this share of the bare route's req/s. */
  minRatio: number;
  rows: Row[];
  /** Whether every dialect met minRatio. */
  met: boolean;
}

export function makeReport(settings: Settings, rows: Row[], minRatio: number, loadBefore: number[]): Report {
  const cpuList = cpus();
  return {
    date: new Date().toISOString().slice(0, 10),
    commit: measuredCommit(),
    node: process.version,
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    platform: `${platform()} ${arch()}`,
    loadBefore: loadBefore.map((l) => Math.round(l * 100) / 100),
    settings,
    minRatio,
    rows,
    met: rows.filter((r) => r.target === 'quota').every((r) => r.ratio >= minRatio),
  };
}

/** The service is edited while benches run; figures mean little without the code they measured. */
function measuredCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  try {
    const changed = git('status', '--porcelain', '--', 'server/src', 'lib/contract') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

const TARGET_LABEL: Record<TargetKind, string> = {
  bare: 'bare Fastify `GET /bare`',
  quota: '`GET /v1/quota/` with API key',
};

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| Dialect | Target | req/s | p50 ms | p99 ms | Ratio to bare | Server CPU µs/req (of it database) | Spread |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const cpu = Number.isNaN(r.cpuPerRequest)
      ? 'n/a'
      : `${Math.round(r.cpuPerRequest)}${r.dbCpuPerRequest > 0 ? ` (${Math.round(r.dbCpuPerRequest)})` : ''}`;
    lines.push(
      `| ${r.dialect ?? '—'} | ${TARGET_LABEL[r.target]} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} ` +
        `| ${r.ratio.toFixed(2)} | ${cpu} | ${Math.round(r.spread * 100)}% |`,
    );
  }
  return lines.join('\n');
}

/** Slices other work disturbed: remeasured ones are harmless, kept ones make the figures less certain. */
export function disturbance(rows: Row[]): string {
  const remeasured = rows.reduce((n, r) => n + r.remeasured, 0);
  const kept = rows.filter((r) => r.disturbed > 0).map((r) => `${r.dialect ?? 'bare'} ${r.disturbed}`);
  const parts = [];
  if (remeasured > 0) parts.push(`${remeasured} slices were measured again because other work used the CPU`);
  if (kept.length > 0)
    parts.push(`**disturbed slices had to be kept** (${kept.join(', ')}): treat these figures with care`);
  return parts.length > 0 ? `${parts.join('; ')}.` : 'No slice was disturbed by other work.';
}

export function verdict(report: Report): string {
  const ratios = report.rows
    .filter((r) => r.target === 'quota')
    .map((r) => `${r.dialect} ${r.ratio.toFixed(2)}`)
    .join(', ');
  const share = `${Math.round(report.minRatio * 100)}%`;
  return `Target (authenticated endpoint keeps at least ${share} of the bare route's req/s): **${report.met ? 'met' : 'MISSED'}** (${ratios}).`;
}

/** The README section between the markers, as the script writes it. */
export function readmeSection(report: Report): string {
  const s = report.settings;
  return [
    `Last run ${report.date} on commit ${report.commit}: Node ${report.node}, ${report.cpu} (${report.cores} cores), ${report.platform}; ` +
      `${s.connections} connections, pipelining ${s.pipelining}, ${s.warmup} s warm-up, then ${s.duration} s per target ` +
      `in ${s.rounds} interleaved slices, best slice shown; load average before the run ${report.loadBefore.join(' ')}.`,
    '',
    markdownTable(report.rows),
    '',
    verdict(report),
    '',
    disturbance(report.rows),
  ].join('\n');
}

export const START_MARKER = '<!-- bench:api:start -->';
export const END_MARKER = '<!-- bench:api:end -->';

/** Replaces what lies between the markers; the README's hand-written text around them stays. */
export function updateReadme(file: string, section: string): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START_MARKER);
  const end = text.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`${file}: the markers ${START_MARKER} … ${END_MARKER} are missing`);
  writeFileSync(file, `${text.slice(0, start + START_MARKER.length)}\n${section}\n${text.slice(end)}`);
}

export function writeJson(file: string, report: Report): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${formatJson(report, 0, 0)}\n`);
}

const LINE_WIDTH = 120;

/**
 * JSON laid out as the repository's formatter (Biome) lays it out, so that `npm run lint` passes
 * on the file this script writes: objects one key a line, arrays on one line when they fit.
 */
function formatJson(value: unknown, depth: number, prefix: number): string {
  const pad = '  '.repeat(depth + 1);
  if (Array.isArray(value)) {
    const items = value.map((v) => formatJson(v, depth + 1, 0));
    const inline = `[${items.join(', ')}]`;
    // prefix: the indentation and key before the value; +1 for a trailing comma.
    if (!inline.includes('\n') && prefix + inline.length + 1 <= LINE_WIDTH) return inline;
    const close = `\n${'  '.repeat(depth)}]`;
    if (!value.every((v) => typeof v === 'number')) return `[\n${items.map((i) => pad + i).join(',\n')}${close}`;
    // Numbers fill each line, as many as fit.
    const lines: string[] = [];
    for (const item of items) {
      const last = lines.length - 1;
      if (last >= 0 && pad.length + lines[last]!.length + 2 + item.length + 1 <= LINE_WIDTH) lines[last] += `, ${item}`;
      else lines.push(item);
    }
    return `[\n${lines.map((l) => pad + l).join(',\n')}${close}`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([k, v]) => {
      const key = `${pad}${JSON.stringify(k)}: `;
      return key + formatJson(v, depth + 1, key.length);
    });
    return `{\n${lines.join(',\n')}\n${'  '.repeat(depth)}}`;
  }
  // Figures rounded to what the measurement can tell; NaN (not observable) becomes null, as in JSON.
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : 'null';
  return JSON.stringify(value);
}
