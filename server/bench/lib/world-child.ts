import { spawn } from 'node:child_process';

/**
 * Starts a bench's world script (`world-process.ts`) in a process of its own, under tsx, and
 * returns the JSON line it prints once listening, with a way to stop it. The child also stops when
 * this process exits (its standard input closes).
 */
export async function startWorldChild<T>(script: string, args: string[]): Promise<T & { stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.unref();
  let out = '';
  for await (const chunk of child.stdout) {
    out += chunk;
    if (out.includes('\n')) break;
  }
  return { ...(JSON.parse(out.split('\n')[0] ?? '') as T), stop: () => child.kill('SIGTERM') };
}
