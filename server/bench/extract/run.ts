/**
 * One extraction through the whole service in this process: the real app on SQLite, the API over
 * HTTP on loopback, the real worker, the sandbox's simulated sales tool and mail world. The
 * extraction is created with POST /v1/extractions/url/ as a client would, and waited for by reading
 * its row (what GET /v1/extractions/{id}/ answers from). Then the finished detail is read many times
 * as JSON and as CSV.
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { buildServer } from '../../src/api/build-server.ts';
import { createApp } from '../../src/app/app.ts';
import { createWorker } from '../../src/app/worker.ts';
import { loadConfig } from '../../src/config/config.ts';
import { applyHeapSettings } from '../../src/core/heap.ts';
import { extractionById, recordTexts } from '../../src/store/extractions-repo.ts';
import { startWorldChild } from '../lib/world-child.ts';

export interface ExtractSettings {
  url: string;
  enrich: 'none' | 'matching' | 'all';
  /** The sandbox's greylisting delay, and the verifier's retry delays (see the README for why shortened). */
  greylistMs: number;
  retryDelays: string;
  detailRuns: number;
}

export interface ExtractRun {
  records: number;
  total: number;
  phases: { pagingMs: number; buildingMs: number; enrichingMs: number; wallMs: number };
  cpuMs: number;
  rssBaselineMb: number;
  rssPeakMb: number;
  rssPeaks: Record<string, number>;
  detail: { jsonMs: number[]; jsonBytes: number; csvMs: number[]; csvBytes: number };
  records0: Record<string, unknown>[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runExtraction(s: ExtractSettings): Promise<ExtractRun> {
  const dir = mkdtempSync(join(tmpdir(), 'lf-bench-extract-'));
  const world = await startWorldProcess(s.greylistMs);
  const caFile = join(dir, 'sales-tool-ca.pem');
  writeFileSync(caFile, world.certificatePem);
  // A live key's service: the simulated sales tool and mail world are reached as the real ones are,
  // through the settings a self-hoster would use, so this process holds only the service.
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    LEADFORGE_DATA_DIR: dir,
    LEADFORGE_SECRET_KEY: 'ab'.repeat(32),
    LEADFORGE_LOG_LEVEL: 'silent',
    LEADFORGE_FIRST_START: 'false',
    LEADFORGE_WORKER_POLL_MS: '50',
    LEADFORGE_SALESTOOL_URL: world.salesToolUrl,
    LEADFORGE_SALESTOOL_CA: caFile,
    LEADFORGE_SALESTOOL_PACING: 'off',
    LEADFORGE_DNS_SERVERS: world.dnsServer,
    LEADFORGE_SMTP_PORT: String(world.smtpPort),
    LEADFORGE_SMTP_ALLOW_PRIVATE_MX: 'true',
    LEADFORGE_GREYLIST_RETRY_DELAYS: s.retryDelays,
  });
  applyHeapSettings(config); // as `leadforge serve` does
  const app = await createApp(config, {
    worlds: {
      // The sandbox's hosts impose no rate caps, as for test keys (worlds.ts).
      tune: (options) => ({
        ...options,
        smtp: { ...options.smtp, providers: { '*': { sessionsPerMinute: Number.POSITIVE_INFINITY } } },
      }),
    },
  });
  const server = await buildServer(app, { logger: false });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const worker = createWorker(app, pino({ level: 'silent' }));
  try {
    const account = await app.accounts.create('bench');
    await app.credits.grant(account.id, 5_000, 'bench-grant');
    const { key } = await app.accounts.createKey(account.id, 'live');
    const session = await signIn(world.salesToolUrl, world.certificatePem);
    await app.seats.connect({ accountId: account.id, keyId: '', mode: 'live' }, session);
    const rssBaselineMb = process.memoryUsage().rss / 2 ** 20;
    // The peak of each phase apart: where memory goes matters more than one figure.
    const peaks: Record<string, number> = { paging: 0, building: 0, enriching: 0, detail: 0 };
    let phase = 'paging';
    const sampler = setInterval(() => {
      peaks[phase] = Math.max(peaks[phase] ?? 0, process.memoryUsage().rss / 2 ** 20);
    }, 50);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const created = await fetch(`${base}/v1/extractions/url/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ linkedin_url: s.url, search_name: 'bench', enrich_email: s.enrich }),
    });
    if (created.status !== 202) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const { extraction_id: id } = (await created.json()) as { extraction_id: string };
    worker.start();
    let pagedAt = 0;
    let builtAt = 0;
    let row = await extractionById(app.store.db, id);
    for (; row && row.status !== 'EXECUTED' && row.status !== 'FAILED' && row.status !== 'PAUSED'; ) {
      await sleep(25);
      row = await extractionById(app.store.db, id);
      if (row && !pagedAt && row.progress >= 75) {
        pagedAt = performance.now();
        phase = 'building';
      }
      if (row && !builtAt && row.progress >= 90) {
        builtAt = performance.now();
        phase = 'enriching';
      }
    }
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    phase = 'detail';
    if (row?.status !== 'EXECUTED') throw new Error(`the extraction ended ${row?.status} ${row?.failure_reason}`);
    await worker.stop();

    const detail = await readDetail(base, key, id, s.detailRuns);
    // The records for the accuracy check, read once the timings are taken.
    const records0 = (await recordTexts(app.store.db, id, 0, null)).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    clearInterval(sampler);
    return {
      records: row.record_count,
      total: row.total_prospects,
      phases: {
        pagingMs: pagedAt - t0,
        buildingMs: (builtAt || pagedAt) - pagedAt,
        enrichingMs: t0 + wall - (builtAt || t0 + wall),
        wallMs: wall,
      },
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBaselineMb,
      rssPeakMb: Math.max(peaks.paging ?? 0, peaks.building ?? 0, peaks.enriching ?? 0),
      rssPeaks: peaks,
      detail,
      records0,
    };
  } finally {
    await worker.stop().catch(() => {});
    await server.close();
    await app.close();
    world.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The detail read over HTTP by another process (read-detail.ts). */
async function readDetail(base: string, key: string, id: string, runs: number): Promise<ExtractRun['detail']> {
  const script = join(import.meta.dirname, 'read-detail.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, base, key, id, String(runs)],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as ExtractRun['detail'];
}

interface WorldProcess {
  salesToolUrl: string;
  certificatePem: string;
  dnsServer: string;
  smtpPort: number;
}

function startWorldProcess(greylistMs: number) {
  return startWorldChild<WorldProcess>(join(import.meta.dirname, 'world-process.ts'), [String(greylistMs)]);
}

/** Signs the demo member in on the simulator as a browser would, and returns the seat's session. */
async function signIn(baseUrl: string, ca: string) {
  const cookies = await new Promise<string[]>((resolve, reject) => {
    const req = request(new URL('/login?as=demo', baseUrl), { ca }, (res) => {
      res.resume();
      if (res.statusCode !== 302) reject(new Error(`sign-in answered ${res.statusCode}`));
      else resolve(res.headers['set-cookie'] ?? []);
    });
    req.on('error', reject);
    req.end();
  });
  const value = (name: string) =>
    (cookies.find((c) => c.startsWith(`${name}=`)) ?? '').split(';')[0]?.slice(name.length + 1) ?? '';
  return { li_at: value('li_at'), jsessionid: value('JSESSIONID'), li_a: value('li_a'), user_agent: 'leadforge-bench' };
}
