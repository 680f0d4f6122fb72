/**
 * Once per run, before the end-to-end tests: build the extension into its own folder
 * (.output/chrome-mv3-e2e, so a run never clobbers the build `npm start` points people to), or
 * say plainly why the tests are skipped. With CI set, a missing Chromium fails the run instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built extension, or null when the end-to-end tests are skipped. */
    extensionDir: string | null;
  }
}

const ROOT = resolve(import.meta.dirname, '../../..');

export default function setup(project: TestProject): void {
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === 'true' || process.env.CI === '1') {
      throw new Error(`${CHROMIUM} is missing, and CI requires the end-to-end tests: apt-get install -y chromium`);
    }
    console.warn(
      `\nThe extension's end-to-end tests are SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium). With CI=true they fail instead.\n`,
    );
    project.provide('extensionDir', null);
    return;
  }
  const build = spawnSync(process.execPath, [resolve(ROOT, 'node_modules/wxt/bin/wxt.mjs'), 'build', '--mode', 'e2e'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The extension did not build:\n${build.stdout}\n${build.stderr}`);
  project.provide('extensionDir', resolve(ROOT, '.output/chrome-mv3-e2e'));
}
