// Shared by the accounts browser tests (auth*.test.mjs, dashboard*.test.mjs) and the axe scan.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { t } from './harness.mjs';

export const ADMIN = { email: 'admin@example.test', password: 'accounts-Admin-Passw0rd-2026' };

/** `gerege user create-admin` on the server's database: creates the account, or promotes it. */
export function promoteAdmin({ bin, db }, email = ADMIN.email, password = ADMIN.password) {
  const res = spawnSync(bin, ['user', 'create-admin', '--db', db, '--email', email, '--password-stdin'], {
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`create-admin failed (${res.status}): ${res.stderr}${res.stdout}`);
}

/** For useSite({ setup }): the platform admin, created before the server starts. */
export const createAdmin = (server) => promoteAdmin(server);

/** An account made through the mobile API (no form, no cookie): { email, password, … }. */
export async function registerApi(baseURL, user) {
  const body = {
    password: 'correct horse battery staple',
    firstName: 'Test',
    lastName: 'User',
    dateOfBirth: '1995-04-12',
    accountType: 'individual',
    ...user,
  };
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, `register ${body.email}: ${await res.text()}`);
  return body;
}

/** Signs a browser context in with a cookie session (its pages share it). */
export async function signInApi(context, baseURL, { email, password }) {
  const res = await context.request.post(`${baseURL}/api/web/auth/login`, { data: { email, password } });
  assert.equal(res.status(), 200, `sign in ${email}: ${await res.text()}`);
  return (await res.json()).user;
}

/** A browser context signed in as the admin, for reading the outbox. */
export async function adminContext(site) {
  const context = await site.browser.newContext();
  await signInApi(context, site.baseURL, ADMIN);
  return context;
}

/** The newest email to `to` (of `kind`, when given) in the outbox, waiting for it a little. */
export async function latestEmail(admin, baseURL, to, kind) {
  for (let i = 0; i < 50; i++) {
    const res = await admin.request.get(`${baseURL}/api/admin/outbox`);
    assert.equal(res.status(), 200);
    const email = (await res.json()).emails.find((e) => e.to === to && (!kind || e.kind === kind));
    if (email) return email;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind ?? ''} email to ${to}`);
}

/** The 6-digit code of the newest email to `to`. */
export async function latestCode(admin, baseURL, to, kind = 'verifyEmail') {
  const email = await latestEmail(admin, baseURL, to, kind);
  const code = /: (\d{6})\n/.exec(email.text)?.[1];
  assert.ok(code, `a code in: ${email.text}`);
  return code;
}

/** A catalog text with its {{placeholders}} filled in. */
export const tf = (lang, key, vars = {}) => t(lang, key).replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));

/** Fills the sign-in page and sends it. */
export async function signInForm(page, lang, { email, password }) {
  await page.getByLabel(t(lang, 'auth.login.email'), { exact: true }).fill(email);
  await page.getByLabel(t(lang, 'auth.login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth.login.submit'), exact: true }).click();
}

/** The visible toast messages. */
export const toastTexts = (page) => page.locator('.toast__message').allTextContents();

/** Waits for a toast with exactly this text. */
export const toastWith = (page, text) => page.locator('.toast__message', { hasText: text }).first().waitFor();

/**
 * The account the axe scan opens the dashboard with: an enterprise owner who is also a
 * platform admin, so every dashboard page is open to it. Made once per server.
 */
const memberOf = new WeakMap();
export function dashboardMember(site) {
  if (!memberOf.has(site)) {
    memberOf.set(
      site,
      (async () => {
        const member = await registerApi(site.baseURL, {
          email: 'owner.admin@example.test',
          password: 'owner-admin-Passw0rd-2026',
          firstName: 'Saruul',
          lastName: 'Dorj',
          accountType: 'enterprise',
          organization: 'Gerege Test LLC',
        });
        promoteAdmin(site, member.email, member.password);
        return member;
      })(),
    );
  }
  return memberOf.get(site);
}

/** A dashboard page (the server lets only signed-in users with the right role open it). */
export const isDashboard = (routePath) => routePath === '/dashboard' || routePath.startsWith('/dashboard/');

/** A new page in its own context, signed in as the dashboard member; `problems` as watch() gives. */
export async function memberPage(site, options, watchFn) {
  const context = await site.browser.newContext(options);
  await signInApi(context, site.baseURL, await dashboardMember(site));
  const page = await context.newPage();
  return { context, page, problems: watchFn(page, site.baseURL) };
}

/** Waits until the page shows no loading state (the dashboard fetches its data after loading). */
export const settled = (page) =>
  page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), null, { timeout: 10_000 });
