// The browser tests' harness: builds the real Go binary (once per source state), runs it on a
// free loopback port with a fresh database, and launches Debian's chromium through
// playwright-core. Anything missing (Go, the binary, chromium) fails the tests; nothing skips.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statfsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { loadCatalogs } from '../scripts/catalogs.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const AXE = fileURLToPath(import.meta.resolve('axe-core/axe.min.js'));
const axeSource = readFileSync(AXE, 'utf8');

/**
 * Puts axe-core into the page under the site's real Content-Security-Policy: evaluated through
 * the browser's debugging protocol, which page CSP does not govern (a script tag would need
 * bypassCSP, and then the scan would not see the page as visitors get it).
 */
export async function injectAxe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  await settledColours(page);
}

/**
 * Waits (at most 2 s) for the page's running transitions and finite animations to end — a
 * button's colour after a click, a theme switch — since axe reads colours as they are drawn at
 * that moment; endless ones (a spinner) are not waited for.
 */
export async function settledColours(page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => {})),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** The built UI's manifest: every route and language the server knows. */
export const manifest = JSON.parse(readFileSync(path.join(root, 'ui/dist/manifest.json'), 'utf8'));

/** t(lang, 'dotted.key') from the catalogs (i18n/<lang>/*.json, merged as the build does), for expected texts. */
let catalogs;
export function t(lang, key) {
  catalogs ??= loadCatalogs();
  const value = key.split('.').reduce((node, k) => node?.[k], catalogs[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return value;
}

/** A page's URL path: ("en", "/") → "/en", ("mn", "/terms") → "/mn/terms". */
export const urlOf = (lang, routePath) => `/${lang}${routePath === '/' ? '' : routePath}`;

const SKIP = new Set(['.git', 'node_modules', 'tmp', 'bin']);

/** A hash of everything the binary is built from (Go sources, embedded UI and catalogs). */
function sourceHash() {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIP.has(d.name) || /\.db(-wal|-shm)?$/.test(d.name)) continue;
      const p = path.join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (/\.(go|mod|sum|sql|json|html|js|css|svg|gz|br|txt|tmpl)$/.test(d.name)) {
        h.update(path.relative(root, p)).update('\0').update(readFileSync(p)).update('\0');
      }
    }
  };
  walk(root);
  return h.digest('hex').slice(0, 16);
}

/** Builds the binary with `go build` from the repo root; reused while the sources are unchanged
 * (GEREGE_E2E_BIN: the one ui/e2e/run.mjs built for the whole run). */
export function buildBinary() {
  const given = process.env.GEREGE_E2E_BIN;
  if (given) {
    if (!existsSync(given)) throw new Error(`GEREGE_E2E_BIN=${given}: no such file`);
    return given;
  }
  // One folder per checkout: two clones on one machine (helpers, a fresh clone beside the working
  // one) would otherwise remove each other's binaries below while a test is about to run one.
  const dir = path.join(os.tmpdir(), `gerege-e2e-bin-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  const bin = path.join(dir, `gerege-${sourceHash()}`);
  if (existsSync(bin)) return bin;
  const tmp = `${bin}.${process.pid}.tmp`;
  const res = spawnSync('go', ['build', '-o', tmp, '.'], { cwd: root, encoding: 'utf8', env: { ...process.env, CGO_ENABLED: '0' } });
  if (res.error) throw new Error(`cannot run go: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`go build failed:\n${res.stderr}`);
  if (!existsSync(tmp)) throw new Error(`go build wrote no binary at ${tmp}`);
  renameSync(tmp, bin); // atomic: test files running in parallel may build at the same time
  // Older builds are of older sources (a running one keeps its file open, so removing is safe).
  for (const old of readdirSync(dir)) {
    if (old !== path.basename(bin) && !old.endsWith('.tmp')) rmSync(path.join(dir, old), { force: true });
  }
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Where the servers' data files go: memory (tmpfs) where the system has it. They are real SQLite
 * files with the server's settings (WAL, synchronous=FULL), but an fsync there costs nothing:
 * the browser tests check what people see, not what survives a power cut (the Go tests' kill -9
 * test does that, on disk). On one disk, six servers' fsyncs kept the suite waiting on I/O.
 */
const DATA_ROOT = process.env.GEREGE_E2E_DATA || (bigShm() ? '/dev/shm' : os.tmpdir());

/** /dev/shm with at least 2 GB free (a container's default is 64 MB: then the disk it is). */
function bigShm() {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bavail * fs.bsize >= 2 * 1024 ** 3;
  } catch {
    return false;
  }
}

/**
 * Starts `gerege serve` on a free port with its own database; resolves once /readyz is 200.
 * `args` are extra flags for serve (e.g. ['--direction-board-limit', '20s']), or a function of
 * { baseURL, port } that returns them (e.g. for --base-url); `setup({ bin, db })`
 * runs before the server starts, on a data file made with `gerege migrate --create` (e.g.
 * `gerege user create-admin --db <db>`).
 */
export async function startServer({ env = {}, args = [], setup } = {}) {
  const bin = buildBinary();
  const dir = mkdtempSync(path.join(DATA_ROOT, 'gerege-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const db = path.join(dir, 'e2e.db');
  if (setup) {
    // Commands other than serve refuse a missing data file: make it as an operator would.
    const res = spawnSync(bin, ['migrate', '--create', '--db', db], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`gerege migrate --create failed (${res.status}): ${res.stderr}`);
    await setup({ bin, db });
  }
  const extra = typeof args === 'function' ? args({ baseURL, port }) : args;
  const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, ...extra], {
    env: { ...process.env, GEREGE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (b) => (output += b));
  proc.stderr.on('data', (b) => (output += b));
  const exited = new Promise((resolve) => proc.on('exit', resolve));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`gerege exited with ${proc.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`gerege did not become ready on ${baseURL}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const stop = async () => {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { baseURL, stop, output: () => output, bin, db };
}

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`chromium not found at ${CHROMIUM} (apt-get install -y --no-install-recommends chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * For a test file: a server and a browser for all its tests, stopped at the end.
 * Returns an object filled in before the first test: { baseURL, browser, bin, db }.
 */
export function useSite(options) {
  const site = {};
  let server;
  before(async () => {
    server = await startServer(options);
    site.baseURL = server.baseURL;
    site.bin = server.bin; // for `gerege user create-admin --db` while it runs
    site.db = server.db;
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await server?.stop();
  });
  return site;
}

/**
 * Watches a page for what must never happen: console errors (CSP violations show up there),
 * uncaught exceptions, requests to any host but the server, and failed asset requests.
 */
export function watch(page, baseURL) {
  const host = new URL(baseURL).host;
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error on ${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught on ${page.url()}: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^https?:$|^wss?:$/.test(url.protocol) && url.host !== host) problems.push(`request to another host: ${r.url()}`);
  });
  page.on('requestfailed', (r) => {
    // ERR_ABORTED: the test moved on to the next page before a late request (the favicon) ended.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    // Documents are the tests' to judge (the 404 page comes with status 404); anything else must load.
    if (r.status() >= 400 && r.request().resourceType() !== 'document') problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

/** The element has the focus (waited for: the app moves focus in an effect after rendering). */
export async function focused(locator) {
  await locator.page().waitForFunction((el) => document.activeElement === el, await locator.elementHandle());
}
