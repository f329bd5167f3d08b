// Builds ui/dist, the UI the Go binary embeds: hashed assets, every page prerendered in every
// language, a manifest of the routes, and .gz/.br siblings. Same sources → same bytes.
//
//   ui/dist/assets/entry-{en,mn}-[hash].js, chunk-[hash].js, app-[hash].css, favicon-[hash].svg
//   ui/dist/pages/{en,mn}/<page>.html
//   ui/dist/manifest.json   {"langs": [...], "routes": [{"path", "page"}, ...]}
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'ui', 'dist');
const assets = path.join(dist, 'assets');

/** Budgets (gzip): the first load of the home page, and all CSS. */
const BUDGET = { js: 60 * 1024, css: 15 * 1024 };
const COMPRESS = /\.(js|css|svg|html|json|xml)$/;

// React code runs on preact/compat; both hooks shims resolve to it too (no second copy).
const preactCompat = {
  name: 'preact-compat',
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, (args) =>
      build.resolve('preact/compat', { kind: args.kind, resolveDir: root }),
    );
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
  jsx: 'automatic',
  jsxImportSource: 'preact',
  define: { 'process.env.NODE_ENV': '"production"' },
  target: 'es2020',
  charset: 'utf8',
  plugins: [preactCompat],
  logLevel: 'warning',
};

const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const hash = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 10);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const esc = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

async function buildClient() {
  const result = await esbuild.build({
    ...common,
    entryPoints: [
      { in: 'ui/src/entry-en.tsx', out: 'entry-en' },
      { in: 'ui/src/entry-mn.tsx', out: 'entry-mn' },
      { in: 'ui/src/app.css', out: 'app' },
    ],
    outdir: assets,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    splitting: true,
    format: 'esm',
    minify: true,
    metafile: true,
    write: false,
  });
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.contents);
  }
  const outputs = result.metafile.outputs;
  const name = (out) => out.slice('ui/dist/assets/'.length);
  const entryOf = (source) => Object.keys(outputs).find((o) => outputs[o].entryPoint === source);

  // An entry's static imports, transitively: preloaded so the page does not load them in steps.
  const staticChunks = (out, seen = new Set()) => {
    for (const imp of outputs[out].imports) {
      if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticChunks(imp.path, seen);
      }
    }
    return seen;
  };

  const entries = {};
  for (const lang of ['en', 'mn']) {
    const out = entryOf(`ui/src/entry-${lang}.tsx`);
    entries[lang] = { script: name(out), preload: [...staticChunks(out)].map(name).sort() };
  }
  const css = name(Object.keys(outputs).find((o) => o.endsWith('.css')));
  return { entries, css };
}

async function writeFavicon() {
  const svg = await readFile(path.join(root, 'ui/src/favicon.svg'));
  const file = `favicon-${hash(svg)}.svg`;
  await writeFile(path.join(assets, file), svg);
  return file;
}

/** Bundles ui/src/ssr.tsx for Node and imports it. */
async function loadRenderer() {
  const result = await esbuild.build({
    ...common,
    entryPoints: ['ui/src/ssr.tsx'],
    platform: 'node',
    format: 'esm',
    write: false,
    outfile: 'ssr.mjs',
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'gerege-ssr-'));
  const file = path.join(dir, 'ssr.mjs');
  await writeFile(file, result.outputFiles[0].contents);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function document({ lang, page, rendered, entry, css, favicon }) {
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${esc(rendered.title)}</title>`,
    `<meta name="description" content="${esc(rendered.description)}">`,
    `<link rel="icon" href="/assets/${favicon}" type="image/svg+xml">`,
    `<link rel="stylesheet" href="/assets/${css}">`,
    ...entry.preload.map((p) => `<link rel="modulepreload" href="/assets/${p}">`),
    `<script type="module" src="/assets/${entry.script}"></script>`,
    '</head>',
    '<body>',
    `<div id="app" data-page="${page}">${rendered.html}</div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

async function prerender({ entries, css, favicon }) {
  const { renderPage, routes, languages } = await loadRenderer();
  for (const lang of languages) {
    await mkdir(path.join(dist, 'pages', lang), { recursive: true });
    for (const route of routes) {
      const rendered = renderPage(lang, route.path);
      if (rendered.missing.length) {
        throw new Error(`${lang}${route.path}: keys missing from the catalogs: ${rendered.missing.join(', ')}`);
      }
      const html = document({ lang, page: route.page, rendered, entry: entries[lang], css, favicon });
      await writeFile(path.join(dist, 'pages', lang, `${route.page}.html`), html);
    }
  }
  const manifest = {
    langs: [...languages],
    routes: routes.map((r) => ({ path: r.path, page: r.page })),
  };
  await writeFile(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

async function* walk(dir) {
  const items = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const item of items) {
    const p = path.join(dir, item.name);
    if (item.isDirectory()) yield* walk(p);
    else yield p;
  }
}

const gzip = (buf) => zlib.gzipSync(buf, { level: 9 });
const brotli = (buf) =>
  zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  });

async function compressAll() {
  const files = [];
  for await (const file of walk(dist)) if (COMPRESS.test(file)) files.push(file);
  for (const file of files) {
    const buf = await readFile(file);
    await writeFile(`${file}.gz`, gzip(buf));
    await writeFile(`${file}.br`, brotli(buf));
  }
}

async function report({ entries, css }) {
  const size = async (file) => {
    const buf = await readFile(path.join(assets, file));
    return { raw: buf.length, gz: gzip(buf).length, br: brotli(buf).length };
  };
  const sum = (xs) => xs.reduce((a, x) => ({ raw: a.raw + x.raw, gz: a.gz + x.gz, br: a.br + x.br }), { raw: 0, gz: 0, br: 0 });
  const line = (label, s) => `  ${label.padEnd(28)} ${kb(s.raw).padStart(9)} raw ${kb(s.gz).padStart(9)} gzip ${kb(s.br).padStart(9)} brotli`;
  const out = ['ui/dist built:'];
  let over = false;
  for (const lang of Object.keys(entries)) {
    const files = [entries[lang].script, ...entries[lang].preload];
    const js = sum(await Promise.all(files.map(size)));
    out.push(line(`first-load JS /${lang} (${files.length} files)`, js));
    if (js.gz > BUDGET.js) {
      out.push(`  ✗ over the JS budget of ${kb(BUDGET.js)} gzip`);
      over = true;
    }
  }
  const cs = await size(css);
  out.push(line('CSS', cs));
  if (cs.gz > BUDGET.css) {
    out.push(`  ✗ over the CSS budget of ${kb(BUDGET.css)} gzip`);
    over = true;
  }
  console.log(out.join('\n'));
  if (over) process.exitCode = 1;
}

await rm(dist, { recursive: true, force: true });
await mkdir(assets, { recursive: true });
const client = await buildClient();
const favicon = await writeFavicon();
await prerender({ ...client, favicon });
await compressAll();
await report(client);
let count = 0;
for await (const _ of walk(dist)) count++;
console.log(`  ${rel(dist)}: ${count} files`);
