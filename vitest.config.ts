import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Three projects in one run: the companion service (Node), the extension with lib/ (WXT's fake
// browser), and the built extension end to end in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 90_000, // process-level tests start several services; the machine has 2 cores
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [WxtVitest(), preact()],
        test: {
          name: 'extension',
          include: [
            'lib/**/*.test.ts',
            'test/**/*.test.{ts,tsx}',
            'components/**/*.test.{ts,tsx}',
            'entrypoints/**/*.test.{ts,tsx}',
          ],
          exclude: ['test/e2e/**'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          // Builds the extension once per run, or explains why the tests are skipped.
          globalSetup: ['test/e2e/support/global-setup.ts'],
          // One browser at a time: each file starts Chromium and a service, and this machine has two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
