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
    // No `storage`: settings, the key and caches live in the extension's IndexedDB, which needs no
    // permission (docs/adr/0004-api-key-in-extension-indexeddb.md).
    // `notifications`: a job that finishes, fails or pauses while the popup is closed is announced.
    permissions: ['alarms', 'cookies', 'notifications'],
    // LinkedIn for the seat session's cookies: `*.linkedin.com`, not only www, because the session
    // cookies are set for `.linkedin.com` and Chrome checks cookies.onChanged against that domain
    // (with www only, a rotation or a logout is never reported). Then the local companion service:
    // Chrome's match patterns carry no port and match every port, so these cover
    // http://127.0.0.1:8080 and any port a test or a second local service picks.
    host_permissions: ['https://*.linkedin.com/*', 'http://127.0.0.1/*', 'http://localhost/*'],
    // Any other base URL is requested at run time, from a click in the popup's settings.
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Leadforge' },
  },
});
