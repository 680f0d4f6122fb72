#!/usr/bin/env node
// `npm start`: builds the extension when it has not been built yet, then runs `leadforge serve`
// with whatever arguments follow (e.g. `npm start -- --role api`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, '.output', 'chrome-mv3', 'manifest.json');

if (!existsSync(manifest)) {
  console.log('Building the extension (first start)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'wxt', 'bin', 'wxt.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The extension did not build; the service starts anyway. Retry with `npm run build:ext`.');
  }
}

const server = spawn(
  process.execPath,
  [join(root, 'server', 'bin', 'leadforge.js'), 'serve', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches both processes from the terminal; a SIGTERM sent to this one is passed on.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
