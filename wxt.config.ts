import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// The extension's build. Entry points live in entrypoints/ (srcDir is the project root, WXT's default).
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // WXT passes this to Vite for every entry point; vitest.config.ts adds Preact separately because
  // the WxtVitest plugin does not read Vite plugins from here.
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Leadforge',
    description: 'Extract leads and accounts from Sales Navigator, then find and verify their emails.',
    permissions: ['storage', 'alarms', 'cookies'],
    // LinkedIn for the seat session's cookies; the companion service's default base URL.
    host_permissions: ['https://www.linkedin.com/*', 'http://127.0.0.1:8080/*'],
    // Any other base URL is requested at runtime, from a click in the popup.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Leadforge' },
  },
});
