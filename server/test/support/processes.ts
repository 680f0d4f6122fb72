import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const LEADFORGE_BIN = resolve(import.meta.dirname, '../../bin/leadforge.js');

/** An env for a child process: this one's PATH and HOME, none of its LEADFORGE_/DATABASE settings. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('LEADFORGE_') && !['DATABASE_URL', 'PORT', 'HOST'].includes(k),
    ),
  );
  return { ...base, LEADFORGE_LOG_LEVEL: 'warn', ...extra };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `leadforge ARGS` to completion. */
export function runCli(args: string[], env: Record<string, string>, cwd?: string): Promise<CliResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [LEADFORGE_BIN, ...args], { env: childEnv(env), cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** A long-running child (a server) whose output can be waited on. */
export class RunningProcess {
  private out = '';
  private waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    const onData = (d: Buffer) => {
      this.out += d.toString();
      this.waiters = this.waiters.filter((w) => {
        const m = this.out.match(w.re);
        if (m) w.resolve(m);
        return !m;
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((r) => child.on('exit', (code) => r(code)));
  }

  get output(): string {
    return this.out;
  }

  /** Resolves when the output matches; rejects if the process exits first. */
  waitFor(re: RegExp): Promise<RegExpMatchArray> {
    const m = this.out.match(re);
    if (m) return Promise.resolve(m);
    return new Promise((resolveWait, reject) => {
      this.waiters.push({ re, resolve: resolveWait });
      void this.exited.then((code) =>
        reject(new Error(`process exited (${code}) before printing ${re}; output:\n${this.out}`)),
      );
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

export function startCli(args: string[], env: Record<string, string>, cwd?: string): RunningProcess {
  return new RunningProcess(spawn(process.execPath, [LEADFORGE_BIN, ...args], { env: childEnv(env), cwd }));
}

/** Starts `leadforge serve` on a free port and waits until it listens; returns its base URL. */
export async function startServer(
  env: Record<string, string>,
  role: 'api' | 'worker' | 'all' = 'all',
  cwd?: string,
): Promise<{ proc: RunningProcess; base: string }> {
  const proc = startCli(['serve', '--role', role], { PORT: '0', ...env }, cwd);
  if (role === 'worker') {
    await proc.waitFor(/worker started/);
    return { proc, base: '' };
  }
  const m = await proc.waitFor(/API listening on (http:\/\/[\d.:]+)/);
  return { proc, base: m[1] ?? '' };
}
