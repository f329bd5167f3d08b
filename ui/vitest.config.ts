import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { catalogFiles, LANGS, loadCatalogs } from './scripts/catalogs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// The legal documents' versions, as ui/build.mjs defines them (routes.tsx makes a page of each).
const legal = JSON.parse(readFileSync(`${root}/i18n/content/legal.en.json`, 'utf8')).documents as Record<string, { versions: { effective: string }[] }>;
const legalVersions = Object.fromEntries(Object.entries(legal).map(([doc, d]) => [doc, d.versions.map((v) => v.effective)]));

// gerege:messages/<lang>: the catalog merged from i18n/<lang>/*.json, as ui/build.mjs makes it.
const messages: Plugin = {
  name: 'gerege-messages',
  resolveId: (id) => (id.startsWith('gerege:messages/') ? `\0${id}` : undefined),
  load(id) {
    if (!id.startsWith('\0gerege:messages/')) return undefined;
    const lang = id.slice('\0gerege:messages/'.length);
    if (!LANGS.includes(lang)) throw new Error(`no catalog for ${id.slice(1)}`);
    for (const file of catalogFiles(lang)) this.addWatchFile(file.path);
    return `export default ${JSON.stringify(loadCatalogs()[lang])};`;
  },
};

// preact/compat stands in for React everywhere, as in the esbuild bundle; wouter and
// react-i18next are inlined so that their `react` imports go through these aliases too.
export default defineConfig({
  root,
  define: { __LEGAL_VERSIONS__: JSON.stringify(legalVersions) },
  plugins: [messages],
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
    // A page's stylesheet imported with ?inline is its rules as a string, as in the build.
    css: true,
    server: { deps: { inline: ['wouter', 'react-i18next'] } },
  },
});
