import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const VENDOR_DIR = resolve(import.meta.dirname, 'vendor');

/** The pinned versions of vendor/package.json, and whether each is installed at that version. */
function missing(): string[] {
  const pinned = JSON.parse(readFileSync(resolve(VENDOR_DIR, 'package.json'), 'utf8')).dependencies as Record<
    string,
    string
  >;
  return Object.entries(pinned)
    .filter(([name, version]) => {
      const manifest = resolve(VENDOR_DIR, 'node_modules', name, 'package.json');
      return !existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).version !== version;
    })
    .map(([name, version]) => `${name}@${version}`);
}

/**
 * Installs the competitors into vendor/ (its own package.json and lock file) when any is missing:
 * they are measured, never a dependency of the project.
 */
export function ensureVendor(): void {
  const absent = missing();
  if (absent.length === 0) return;
  console.log(`Installing the competitors into server/bench/compare/vendor (${absent.join(', ')} missing)...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['install', '--prefix', VENDOR_DIR, '--no-audit', '--no-fund'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`npm install --prefix ${VENDOR_DIR} failed (${run.status ?? run.signal})`);
  const still = missing();
  if (still.length > 0) throw new Error(`still missing after npm install: ${still.join(', ')}`);
}
