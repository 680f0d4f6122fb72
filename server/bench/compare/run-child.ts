import { spawn } from 'node:child_process';
import type { Job, Message, Row } from './protocol.ts';

export interface ChildRun {
  /** Per address, in the job's order; undefined when the process never answered for it. */
  rows: (Row | undefined)[];
  /** From sending the job to 'done' (or to the kill). */
  ms: number;
  rssPeakMb: number | null;
  crashes: string[];
  /** The process was killed at the time budget, or exited before 'done'. */
  failure: string | null;
}

/**
 * Runs a verifier's process (`node --import tsx SCRIPT ...args`), sends it the job and collects its
 * rows. A process that is not done within `budgetMs` is killed: what it had not answered counts as
 * not answered, so that a hanging library cannot hang the bench.
 */
export function runChild(
  script: string,
  args: string[],
  job: Job,
  budgetMs: number,
  env: Record<string, string> = {},
): Promise<ChildRun> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, ...env },
    });
    const rows: (Row | undefined)[] = new Array(job.addresses.length);
    const crashes: string[] = [];
    let stderr = '';
    let started = performance.now();
    let done: { ms: number; rssPeakMb: number } | null = null;
    let failure: string | null = null;
    let answered = 0;
    const progress = setInterval(
      () => process.stderr.write(`  ${args[0] ?? 'engine'}: ${answered}/${job.addresses.length}\n`),
      15_000,
    );
    const budget = setTimeout(() => {
      failure = `killed after ${Math.round(budgetMs / 1000)} s without finishing`;
      child.kill('SIGKILL');
    }, budgetMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('message', (m: Message) => {
      if (m.type === 'row') {
        rows[m.row.i] = m.row;
        answered += 1;
      } else if (m.type === 'crash') crashes.push(m.message);
      else if (m.type === 'ready') {
        started = performance.now();
        child.send(job);
      } else done = { ms: m.ms, rssPeakMb: m.rssPeakMb };
    });
    child.on('exit', (code, signal) => {
      clearTimeout(budget);
      clearInterval(progress);
      const finished = done as { ms: number; rssPeakMb: number } | null;
      if (!finished && !failure) failure = `exited (${signal ?? code}) before finishing: ${stderr.trim().slice(-300)}`;
      resolveRun({
        rows,
        ms: finished?.ms ?? Math.round(performance.now() - started),
        rssPeakMb: finished?.rssPeakMb ?? null,
        crashes,
        failure,
      });
    });
  });
}
