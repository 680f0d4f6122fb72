/**
 * The companion service for end-to-end tests: `leadforge serve` on a free port with a fresh
 * SQLite data directory, and its first-start sandbox key read from its output.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(import.meta.dirname, '../../../server/bin/leadforge.js');

export interface Companion {
  baseUrl: string;
  /** The service's sandbox sales tool (HTTPS, served as www.linkedin.com), which the browser is pointed at. */
  salesToolPort: number;
  apiKey: string;
  dataDir: string;
  /** Runs a `leadforge` CLI command against the same data directory. */
  cli(args: string[]): { status: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
}

export interface CompanionOptions {
  /** `all` also runs the workers (extractions need them); `api` alone is quicker to stop. Default `api`. */
  role?: 'api' | 'all';
  /** Extra settings, e.g. LEADFORGE_SANDBOX_LATENCY_MS to slow the sales tool down. */
  env?: Record<string, string>;
}

/** Only what the child needs: no LEADFORGE_ or DATABASE_URL setting of this shell leaks in. */
function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('LEADFORGE_') && !['DATABASE_URL', 'PORT', 'HOST'].includes(k),
    ),
  );
  return {
    ...base,
    PORT: '0',
    HOST: '127.0.0.1',
    LEADFORGE_DATA_DIR: dataDir,
    LEADFORGE_LOG_LEVEL: 'warn',
    LEADFORGE_SANDBOX_SALESTOOL_PORT: '0',
    ...extra,
  };
}

export async function startCompanion(
  dataDir = mkdtempSync(join(tmpdir(), 'lf-e2e-data-')),
  options: CompanionOptions = {},
): Promise<Companion> {
  const child = spawn(process.execPath, [BIN, 'serve', '--role', options.role ?? 'api'], {
    env: env(dataDir, options.env),
  });
  const output = await waitForOutput(child, (text) => {
    const listening = text.match(/API listening on (http:\/\/[\d.:]+)/);
    const key = text.match(/Bearer (lf_test_[A-Za-z0-9_-]+)/);
    const tool = text.match(/Sandbox sales tool .* on https:\/\/127\.0\.0\.1:(\d+)/);
    return listening && key && tool
      ? { baseUrl: listening[1]!, apiKey: key[1]!, salesToolPort: Number(tool[1]) }
      : null;
  });
  return {
    ...output,
    dataDir,
    cli: (args) => {
      const run = spawnSync(process.execPath, [BIN, ...args], { env: env(dataDir, options.env), encoding: 'utf8' });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Resolves with `match`'s first non-null answer on the output so far; rejects if the process exits first. */
function waitForOutput<T>(child: ChildProcess, match: (text: string) => T | null): Promise<T> {
  return new Promise((resolveWait, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      // Stays attached after the match, so the pipes keep draining while the service runs.
      const found = match(text);
      if (found) resolveWait(found);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`leadforge serve exited (${code}) before it was ready:\n${text}`)));
  });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
