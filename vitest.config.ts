import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Two projects in one run: the companion service (Node) and the extension with lib/ (WXT's fake browser).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
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
    ],
  },
});
