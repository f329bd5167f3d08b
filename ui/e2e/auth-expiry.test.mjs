// "Token expired": a server whose web sessions last 8 seconds. The open page notices when the
// session ends, says so, and sends the visitor to sign in; signing in brings them back.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { registerApi, signInForm } from './auth-helpers.mjs';
import { t, urlOf, useSite, watch } from './harness.mjs';

const LIFETIME_SECONDS = 8;
const site = useSite({ args: ['--session-lifetime', `${LIFETIME_SECONDS}s`] });

/** What the expiry itself causes: the sign-out call finds the session already gone (401). */
const expected = (p) => /status of 401/.test(p) || /^HTTP 401: .*\/api\/web\/auth\/logout$/.test(p);

async function run(lang) {
  const user = await registerApi(site.baseURL, { email: `expiry.${lang}@example.test`, firstName: 'Bat', lastName: 'Erdene' });
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watch(page, site.baseURL);
  const account = urlOf(lang, '/dashboard/user/account');
  const heading = () => page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.account.title'), exact: true }).waitFor();

  // Signed out, the account page sends the visitor to sign in; afterwards they are back.
  await page.goto(`${site.baseURL}${account}`);
  assert.equal(new URL(page.url()).pathname, urlOf(lang, '/auth/login'));
  await signInForm(page, lang, user);
  await page.waitForURL(`**${account}`);
  await heading();
  const signedInAt = Date.now();

  // The session ends while the page is open.
  const toast = page.locator('.toast__message', { hasText: t(lang, 'errors.tokenExpired') });
  await toast.waitFor({ timeout: (LIFETIME_SECONDS + 10) * 1000 });
  assert.ok(Date.now() - signedInAt > (LIFETIME_SECONDS - 2) * 1000, 'not before the session ends');
  assert.equal(await toast.textContent(), t(lang, 'errors.tokenExpired'));
  await page.waitForURL((u) => u.pathname === urlOf(lang, '/auth/login'));
  assert.equal(new URL(page.url()).searchParams.get('returnTo'), account);
  await page.getByRole('heading', { level: 1, name: t(lang, 'auth.login.heading'), exact: true }).waitFor();
  assert.equal((await page.request.get(`${site.baseURL}/api/auth/me`)).status(), 401, 'signed out');

  // Signing in returns to the account page.
  await signInForm(page, lang, user);
  await page.waitForURL((u) => u.pathname === account);
  await heading();
  assert.deepEqual(problems.filter((p) => !expected(p)), []);
  await context.close();
}

it(`the toast "${t('en', 'errors.tokenExpired')}" / "${t('mn', 'errors.tokenExpired')}", then sign in and come back (en and mn at once)`, async () => {
  await Promise.all([run('en'), run('mn')]);
});
