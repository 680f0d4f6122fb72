import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { buildServer } from '../../api/build-server.ts';
import { createApp } from '../../app/app.ts';
import { loadConfig } from '../../config/config.ts';
import { print } from '../with-app.ts';

/** The OpenAPI document exactly as the server serves it at /openapi.json, with a stable layout. */
export async function renderOpenApi(): Promise<string> {
  const config = loadConfig({ ...process.env, DATABASE_URL: 'sqlite::memory:', LEADFORGE_SECRET_KEY: '0'.repeat(64) });
  const app = await createApp(config);
  const server = await buildServer(app, { logger: false });
  try {
    await server.ready();
    return `${JSON.stringify(server.swagger(), null, 2)}\n`;
  } finally {
    await server.close();
    await app.close();
  }
}

export function openapiCommand(program: Command): void {
  program
    .command('openapi')
    .description('Print the OpenAPI document, write it (--out) or check a committed copy (--check)')
    .option('--out <file>', 'write it to this file')
    .option('--check <file>', 'exit 1 when this file differs from what the code generates')
    .action(async (opts: { out?: string; check?: string }) => {
      const doc = await renderOpenApi();
      if (opts.check) {
        let committed = '';
        try {
          committed = readFileSync(opts.check, 'utf8');
        } catch {}
        if (committed !== doc) {
          process.stderr.write(
            `${opts.check} is out of date with the contract: run \`npm run openapi\` and commit it.\n`,
          );
          process.exit(1);
        }
        print(`${opts.check} matches the contract.`);
      } else if (opts.out) {
        writeFileSync(opts.out, doc);
        print(`Wrote ${opts.out}.`);
      } else {
        process.stdout.write(doc);
      }
    });
}
