import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TargetKind, TargetReady } from './protocol.ts';

const SERVE_TARGET = fileURLToPath(new URL('./serve-target.ts', import.meta.url));
/** Generous: a cold tsx transform plus migrations on PostgreSQL take a few seconds on a busy machine. */
const READY_TIMEOUT_MS = 60_000;
/** A target closes in milliseconds once the load has stopped; past this it is killed. */
const STOP_TIMEOUT_MS = 10_000;

export interface RunningTarget extends TargetReady {
  kind: TargetKind;
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Every child not yet stopped, so that any exit path can still kill it. */
const live = new Set<ChildProcess>();

/**
 * Starts a target in its own Node process, the way `leadforge` itself runs (TypeScript through
 * tsx's loader), and resolves once it has printed its ready line.
 */
export async function startTarget(kind: TargetKind, env: Record<string, string> = {}): Promise<RunningTarget> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE_TARGET, kind], {
    // stdin stays open as a lifeline: the child exits when it ends (see serve-target.ts).
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => live.delete(child));

  let ready: TargetReady;
  try {
    ready = await readyLine(child, kind, exited);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const path = kind === 'bare' ? '/bare' : '/v1/quota/';
  return {
    kind,
    pid: child.pid!,
    ...ready,
    url: `http://127.0.0.1:${ready.port}${path}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits for the child's first stdout line, or fails when it exits or takes too long. */
function readyLine(child: ChildProcess, kind: TargetKind, exited: Promise<number | null>): Promise<TargetReady> {
  const lines = createInterface({ input: child.stdout! });
  return new Promise<TargetReady>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} target did not report ready in ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
    const done = () => {
      clearTimeout(timer);
      lines.removeAllListeners('line');
    };
    lines.once('line', (line) => {
      done();
      try {
        resolve(JSON.parse(line) as TargetReady);
      } catch {
        reject(new Error(`${kind} target printed ${JSON.stringify(line)} instead of its ready line`));
      }
    });
    exited.then((code) => {
      done();
      reject(new Error(`${kind} target exited with code ${code} before it was ready`));
    });
  });
}

/** Last resort for exit paths that cannot wait: the children must never outlive the bench. */
export function killAllTargets(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
