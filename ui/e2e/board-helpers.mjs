// Shared by the Direction Board browser tests (board*.test.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AXE, injectAxe, root, t } from './harness.mjs';

export const ADMIN = { email: 'admin@example.test', password: 'board-admin-Passw0rd-2026' };

/** For useSite({ setup }): the platform admin, created before the server starts. */
export function createAdmin({ bin, db }) {
  const res = spawnSync(bin, ['user', 'create-admin', '--db', db, '--email', ADMIN.email, '--password-stdin'], {
    input: `${ADMIN.password}\n`,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`create-admin failed (${res.status}): ${res.stderr}${res.stdout}`);
}

/** The test's content in a language, as the server serves it. */
const contents = {};
export const content = (lang) =>
  (contents[lang] ??= JSON.parse(readFileSync(path.join(root, 'i18n', 'content', `directionboard.${lang}.json`), 'utf8')));

/** A catalog text with its {{placeholders}} filled in. */
export const tf = (lang, key, vars = {}) => t(lang, key).replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));

/** A plural catalog text (key_one / key_other; both languages use "one" for 1 only). */
export const plural = (lang, key, count, vars = {}) => tf(lang, `${key}_${count === 1 ? 'one' : 'other'}`, { count, ...vars });

/** "N minutes left" for any N, as a pattern. */
export const minutesLeftPattern = (lang) =>
  new RegExp(`^(${[t(lang, 'directionBoard.test.minutesLeft_one'), t(lang, 'directionBoard.test.minutesLeft_other')]
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{count\\}\\}', '\\d+'))
    .join('|')})$`);

/** The radio of one answer on the current question (value 1–5). */
export const radio = (page, lang, value) =>
  page.locator('fieldset.board-question').getByRole('radio', { name: content(lang).scale[value - 1].label, exact: true });

export const button = (page, lang, key) => page.getByRole('button', { name: t(lang, key), exact: true });

export const legend = (page) => page.locator('fieldset.board-question legend');

/** The statement on screen is the item at `index`. */
export async function expectQuestion(page, lang, index) {
  const items = content(lang).items;
  await legend(page).filter({ hasText: items[index].text }).waitFor();
  assert.equal(
    (await page.locator('#board-progress').textContent()).trim(),
    tf(lang, 'directionBoard.test.progress', { current: index + 1, total: items.length }),
  );
}

/** The visitor's attempt as the server has it (the page's cookies). */
export async function serverAttempt(page, baseURL) {
  const res = await page.request.get(`${baseURL}/api/direction-board`);
  assert.equal(res.status(), 200);
  return (await res.json()).attempt;
}

/** Waits until the server has `n` answers for the visitor's attempt; returns them. */
export async function waitForSaved(page, baseURL, n) {
  const until = Date.now() + 10_000;
  for (;;) {
    const attempt = await serverAttempt(page, baseURL);
    const answers = attempt?.answers ?? {};
    if (Object.keys(answers).length >= n) return answers;
    if (Date.now() > until) assert.fail(`the server has ${Object.keys(answers).length} answers, want ${n}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Answers every item through the API (the page's cookies), for tests about later screens. */
export const answerAllByApi = (page, baseURL, lang) => answerByApi(page, baseURL, lang, 0, content(lang).items.length);

/** Answers the items from index `from` up to (not including) `to` through the API, item i with (i % 5) + 1. */
export async function answerByApi(page, baseURL, lang, from, to) {
  const attempt = await serverAttempt(page, baseURL);
  const answers = Object.fromEntries(content(lang).items.slice(from, to).map((it, i) => [it.id, ((from + i) % 5) + 1]));
  const res = await page.request.put(`${baseURL}/api/direction-board/attempts/${attempt.id}/answers`, { data: { answers } });
  assert.equal(res.status(), 200, await res.text());
  return attempt;
}

/**
 * For contexts that scan every screen: axe-core comes with each document (the browser's own
 * script, which the page's CSP does not govern) rather than 0.5 MB over the debugging protocol
 * after each load, and reduced motion is asked for, so that a button's colour is final at once
 * after a click instead of after Pico's 0.2 s fade (the scan would wait for it: same colours).
 */
export const AXE_OPTIONS = { reducedMotion: 'reduce' };
export async function axeContext(browser, options) {
  const context = await browser.newContext({ ...options, ...AXE_OPTIONS });
  await context.addInitScript({ path: AXE });
  return context;
}

/** Runs axe in the page (its context must bypass the CSP), on `context` or all of it; the serious and critical violations. */
export async function axe(page, context) {
  await injectAxe(page);
  const results = await page.evaluate((ctx) => window.axe.run(ctx ?? document, { resultTypes: ['violations'] }), context);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/**
 * What watch() saw, less the failures a test asked for: the visitor's 401 from /api/auth/me
 * (the header asks who is signed in) and the statuses listed in `expected` (e.g. [422, 409]
 * while the email form is refused on purpose). The browser logs each as a console error too.
 */
export function unexpected(problems, expected = []) {
  const codes = [401, ...expected].join('|');
  return problems.filter(
    (p) =>
      !new RegExp(`^HTTP 401: .*/api/auth/me$`).test(p) &&
      !(expected.length && new RegExp(`^HTTP (${expected.join('|')}): .*/api/direction-board/`).test(p)) &&
      !new RegExp(`^console error on .*: Failed to load resource: the server responded with a status of (${codes}) `).test(p),
  );
}

/** A request context signed in as the admin (its own cookies). */
export async function adminContext(browser, baseURL, options = {}) {
  const context = await browser.newContext(options);
  const res = await context.request.post(`${baseURL}/api/web/auth/login`, { data: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(res.status(), 200, await res.text());
  // The note the app keeps while signed in (lib/session.ts, HINT): pages then ask who it is.
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: baseURL }]);
  return context;
}

/** The emails in the outbox (newest first), read as the admin. */
export async function outbox(admin, baseURL) {
  const res = await admin.request.get(`${baseURL}/api/admin/outbox`);
  assert.equal(res.status(), 200, await res.text());
  return (await res.json()).emails;
}

export async function outboxEmail(admin, baseURL, id) {
  const res = await admin.request.get(`${baseURL}/api/admin/outbox/${id}`);
  assert.equal(res.status(), 200, await res.text());
  return res.json();
}
