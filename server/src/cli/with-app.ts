import { type App, createApp } from '../app/app.ts';
import { loadConfig } from '../config/config.ts';

/** Runs one CLI command against the configured database, then closes it. */
export async function withApp<T>(fn: (app: App) => Promise<T>): Promise<T> {
  const app = await createApp(loadConfig());
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

export const print = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

/** A plain text table: columns padded to their widest cell. */
export function table(headers: string[], rows: (string | number | null)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null ? '-' : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`expected a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}
