import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// The legal documents' versions, as ui/build.mjs defines them (routes.tsx makes a page of each).
const legal = JSON.parse(readFileSync(`${root}/i18n/content/legal.en.json`, 'utf8')).documents as Record<string, { versions: { effective: string }[] }>;
const legalVersions = Object.fromEntries(Object.entries(legal).map(([doc, d]) => [doc, d.versions.map((v) => v.effective)]));

// preact/compat stands in for React everywhere, as in the esbuild bundle; wouter and
// react-i18next are inlined so that their `react` imports go through these aliases too.
export default defineConfig({
  root,
  define: { __LEGAL_VERSIONS__: JSON.stringify(legalVersions) },
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
