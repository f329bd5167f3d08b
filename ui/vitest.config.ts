import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// preact/compat stands in for React everywhere, as in the esbuild bundle; wouter and
// react-i18next are inlined so that their `react` imports go through these aliases too.
export default defineConfig({
  root,
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
      { find: /^react-dom(\/.*)?$/, replacement: 'preact/compat$1' },
      { find: /^react(\/.*)?$/, replacement: 'preact/compat$1' },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['ui/src/**/*.test.{ts,tsx}'],
    setupFiles: ['ui/src/test/setup.ts'],
    server: { deps: { inline: ['wouter', 'react-i18next'] } },
  },
});
