// Accounts in the browser, against the real binary: register → verify with the emailed code →
// sign out → sign in → the account page → sign out, in both languages; the register form's
// errors; the legacy sign-in paths; the header's login dialog.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminContext, createAdmin, latestCode, latestEmail, signInForm, tf, toastWith } from './auth-helpers.mjs';
import { injectAxe, t, urlOf, useSite, watch } from './harness.mjs';

const APP_STORE = 'https://apps.apple.com/app/gerege/id0000000000';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=mn.gerege.app';

// No minimum fill time here (the form is filled by a machine); links in emails point here.
const site = useSite({
  setup: createAdmin,
  args: ({ baseURL }) => ['--min-fill-time', '0s', '--base-url', baseURL, '--app-store-url', APP_STORE, '--play-store-url', PLAY_STORE],
});

const desktop = { viewport: { width: 1280, height: 800 } };
const field = (page, id) => page.locator(`#${id}`);
const button = (page, lang, key) => page.getByRole('button', { name: t(lang, key), exact: true });
const h1 = (page) => page.getByRole('heading', { level: 1 });
/** Waits for the page's h1 to read `text` (after a move inside the app the next page may still be loading). */
const heading = (page, text) => page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();

/** Polls `fn` until it returns true (playwright-core has no expect()). */
async function until(fn, what) {
  for (let i = 0; i < 100; i++) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out: ${what}`);
}

/** Fills the register form (the name fields by id: Mongolian puts the surname first). */
async function fillRegister(page, lang, v) {
  await field(page, 'register-firstName').fill(v.firstName);
  await field(page, 'register-lastName').fill(v.lastName);
  await page.getByLabel(t(lang, 'auth.register.email'), { exact: true }).fill(v.email);
  await page.getByLabel(t(lang, 'auth.register.password'), { exact: true }).fill(v.password);
  await page.getByLabel(t(lang, 'auth.register.dateOfBirth'), { exact: true }).fill(v.dateOfBirth);
  const terms = page.getByRole('checkbox');
  if (!(await terms.isChecked())) await terms.check();
}

/** The avatar's menu in the header (its button is named after the user). */
async function userMenu(page, name) {
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
}

for (const lang of ['en', 'mn']) {
  it(`${lang}: register, verify with the emailed code, sign out, sign in, change the name, see the sessions, sign out`, async () => {
    const admin = await adminContext(site);
    const context = await site.browser.newContext(desktop);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    const me = { firstName: 'Anu', lastName: 'Bold', email: `anu.${lang}@example.test`, password: 'steppe-horizon-2026', dateOfBirth: '2001-03-14' };

    // Register.
    await page.goto(`${site.baseURL}${urlOf(lang, '/auth/register')}`);
    await heading(page, t(lang, 'auth.register.heading'));
    await fillRegister(page, lang, me);
    await button(page, lang, 'auth.register.submit').click();
    await page.waitForURL(`**${urlOf(lang, '/auth/verify')}`);
    await page.getByText(tf(lang, 'auth.verify.sentTo', { email: me.email })).waitFor();

    // The code from the email (the outbox, as an admin reads it), in the page's language.
    const email = await latestEmail(admin, site.baseURL, me.email, 'verifyEmail');
    assert.equal(email.lang, lang);
    const code = await latestCode(admin, site.baseURL, me.email);
    const codeInput = page.getByLabel(t(lang, 'auth.verify.code'), { exact: true });
    assert.equal(await codeInput.getAttribute('inputmode'), 'numeric');
    assert.equal(await codeInput.getAttribute('autocomplete'), 'one-time-code');
    await codeInput.fill(code);
    await button(page, lang, 'auth.verify.submit').click();
    await toastWith(page, t(lang, 'auth.verify.done'));
    await page.waitForURL((u) => u.pathname === urlOf(lang, '/dashboard'));
    await page.getByText(tf(lang, 'dashboard.home.welcome', { name: me.firstName })).waitFor();
    assert.equal(await page.getByText(t(lang, 'dashboard.home.verifyEmailLink')).count(), 0, 'no "verify your email" banner');

    // Sign out from the avatar's menu.
    // The name as the page's language writes it: surname first in Mongolian.
    const full = (first) => (lang === 'mn' ? `${me.lastName} ${first}` : `${first} ${me.lastName}`);
    const name = full(me.firstName);
    await userMenu(page, name);
    await button(page, lang, 'auth.userMenu.signOut').click();
    await page.waitForURL((u) => u.pathname === urlOf(lang, '/'));
    const signIn = page.getByRole('banner').getByRole('link', { name: t(lang, 'layout.signIn'), exact: true });
    await signIn.waitFor();

    // Sign in again: the header's button, Enterprise, the form.
    await signIn.click();
    await page.getByRole('dialog').getByRole('link', { name: t(lang, 'auth.loginDialog.enterprise') }).click();
    await page.waitForURL(`**${urlOf(lang, '/auth/login')}`);
    await signInForm(page, lang, me);
    await page.waitForURL((u) => u.pathname === urlOf(lang, '/dashboard'));

    // The account page: change the name, see this device among the sessions.
    await userMenu(page, name);
    await page.getByRole('banner').getByRole('link', { name: t(lang, 'auth.userMenu.account'), exact: true }).click();
    await page.waitForURL(`**${urlOf(lang, '/dashboard/user/account')}`);
    await heading(page, t(lang, 'dashboard.account.title'));
    const nav = page.getByRole('navigation', { name: t(lang, 'dashboard.nav.label') });
    assert.equal(await nav.getByRole('link', { name: t(lang, 'dashboard.nav.account') }).getAttribute('aria-current'), 'page');
    await field(page, 'account-firstName').fill('Anujin');
    await page.locator('#account-details').getByRole('button', { name: t(lang, 'dashboard.profileForm.save') }).click();
    await toastWith(page, t(lang, 'dashboard.profileForm.saved'));
    await page.getByRole('banner').getByRole('button', { name: full('Anujin'), exact: true }).waitFor();
    const sessions = page.locator('#account-sessions');
    await sessions.getByText(t(lang, 'account.sessions.thisDevice'), { exact: true }).waitFor();
    assert.match(await sessions.locator('li').first().textContent(), /Chrome · Linux/);
    assert.equal(await sessions.locator('li').count(), 1, 'the session of registration ended with its sign-out');
    await sessions.getByRole('button', { name: t(lang, 'account.sessions.everywhere') }).waitFor();

    // Sign out: from the avatar's menu (mn), or everywhere from the account page (en).
    if (lang === 'mn') {
      await userMenu(page, full('Anujin'));
      await button(page, lang, 'auth.userMenu.signOut').click();
    } else {
      await sessions.getByRole('button', { name: t(lang, 'account.sessions.everywhere') }).click();
      await toastWith(page, t(lang, 'account.sessions.everywhereDone'));
      await page.waitForURL(`**${urlOf(lang, '/auth/login')}`);
    }
    await signIn.waitFor();
    const me2 = await page.request.get(`${site.baseURL}/api/auth/me`);
    assert.equal(me2.status(), 401, 'signed out on the server too');
    assert.deepEqual(problems, []);
    await context.close();
    await admin.close();
  });
}

describe('register with errors first', () => {
  for (const lang of ['mn', 'en']) {
    it(`${lang}: the messages stand beside their fields in the page language, focus goes to the first, nothing typed is lost`, async () => {
      const context = await site.browser.newContext(desktop);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}${urlOf(lang, '/auth/register')}`);
      const v = { firstName: 'Temuulen', lastName: 'Bat', email: `temuulen.${lang}@example.test`, password: 'short', dateOfBirth: '2016-06-01' };
      await fillRegister(page, lang, v);
      const submit = button(page, lang, 'auth.register.submit');
      const password = page.getByLabel(t(lang, 'auth.register.password'), { exact: true });
      const birth = page.getByLabel(t(lang, 'auth.register.dateOfBirth'), { exact: true });
      const error = (id) => page.locator(`#register-${id}-error`);

      // 1. Too short and under 13: checked before sending, with the server's words.
      await submit.click();
      await error('password').waitFor();
      assert.equal(await error('password').textContent(), tf(lang, 'auth.errors.passwordTooShort', { min: 8 }));
      assert.equal(await error('dateOfBirth').textContent(), tf(lang, 'auth.errors.tooYoung', { age: 13 }));
      assert.equal(await password.getAttribute('aria-invalid'), 'true');
      assert.match(await password.getAttribute('aria-describedby'), /register-password-error/);
      assert.ok(await password.evaluate((el) => el === document.activeElement), 'focus on the first invalid field');
      assert.equal(await field(page, 'register-firstName').inputValue(), v.firstName);
      assert.equal(await page.getByLabel(t(lang, 'auth.register.email'), { exact: true }).inputValue(), v.email);

      // 2. A common password: the server's message (the client does not know the list).
      await password.fill('password123');
      await birth.fill('2004-06-01');
      await submit.click();
      await page.getByText(t(lang, 'auth.errors.passwordCommon')).waitFor();
      assert.equal(await error('password').textContent(), t(lang, 'auth.errors.passwordCommon'));
      assert.equal(await error('dateOfBirth').count(), 0);
      assert.ok(await password.evaluate((el) => el === document.activeElement));
      assert.equal(await birth.inputValue(), '2004-06-01');

      // 3. An email that has an account: 409, beside the email field.
      await page.getByLabel(t(lang, 'auth.register.email'), { exact: true }).fill('admin@example.test');
      await password.fill('blue-steppe-river-88');
      await submit.click();
      await error('email').waitFor();
      assert.equal(await error('email').textContent(), t(lang, 'auth.errors.emailTaken'));
      assert.ok(await page.getByLabel(t(lang, 'auth.register.email'), { exact: true }).evaluate((el) => el === document.activeElement));

      // 4. Fixed: registered, on to the verification page.
      await page.getByLabel(t(lang, 'auth.register.email'), { exact: true }).fill(v.email);
      await submit.click();
      await page.waitForURL(`**${urlOf(lang, '/auth/verify')}`);
      // The 422 and 409 answers are the form's to show; nothing else may fail.
      assert.deepEqual(problems.filter((p) => !/status of (422|409)|HTTP (422|409): .*\/api\/web\/auth\/register$/.test(p)), []);
      await context.close();
    });
  }
});

describe('the other sign-in pages', () => {
  it('legacy paths show the canonical pages', async () => {
    const context = await site.browser.newContext(desktop);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    for (const [from, to, key] of [
      ['/auth/jwt/login', '/en/auth/login', 'auth.login.heading'],
      ['/auth-demo/modern/register', '/en/auth/register', 'auth.register.heading'],
      ['/auth/amplify/forgot-password', '/en/auth/forgot-password', 'auth.forgot.heading'],
      ['/mn/auth/firebase/verify', '/mn/auth/verify', 'auth.verify.heading'],
    ]) {
      await page.goto(`${site.baseURL}${from}`);
      assert.equal(new URL(page.url()).pathname, to, from);
      await heading(page, t(to.slice(1, 3), key));
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('forgot password → the code from the email → a new password → sign in with it', async () => {
    const admin = await adminContext(site);
    const context = await site.browser.newContext(desktop);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    const user = { email: 'saruul@example.test', password: 'first-Passw0rd-2026' };
    const reg = await fetch(`${site.baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...user, firstName: 'Saruul', lastName: 'Dorj', dateOfBirth: '1990-01-01' }),
    });
    assert.equal(reg.status, 201);

    await page.goto(`${site.baseURL}/en/auth/login`);
    await page.getByRole('link', { name: t('en', 'auth.login.forgot') }).click();
    await page.waitForURL('**/en/auth/forgot-password');
    await page.getByLabel(t('en', 'auth.forgot.email'), { exact: true }).fill(user.email);
    await button(page, 'en', 'auth.forgot.submit').click();
    await page.getByText(t('en', 'auth.forgot.sent')).waitFor();
    await page.getByRole('link', { name: t('en', 'auth.forgot.enterCode') }).click();
    await page.waitForURL('**/en/auth/new-password?email=*');
    const resetEmail = page.getByLabel(t('en', 'auth.newPassword.email'), { exact: true });
    await until(async () => (await resetEmail.inputValue()) === user.email, 'the email filled in from the link');
    const code = await latestCode(admin, site.baseURL, user.email, 'resetPassword');
    await page.getByLabel(t('en', 'auth.newPassword.code'), { exact: true }).fill(code);
    await page.getByLabel(t('en', 'auth.newPassword.password'), { exact: true }).fill('second-Passw0rd-2026');
    await button(page, 'en', 'auth.newPassword.submit').click();
    await page.getByText(t('en', 'auth.reset.done')).waitFor();
    await page.getByRole('main').getByRole('link', { name: t('en', 'auth.newPassword.signIn') }).click();
    await signInForm(page, 'en', { email: user.email, password: 'second-Passw0rd-2026' });
    await page.waitForURL((u) => u.pathname === '/en/dashboard');
    assert.deepEqual(problems, []);
    await context.close();
    await admin.close();
  });

  it('the emailed verification link verifies at once (?token=)', async () => {
    const admin = await adminContext(site);
    const context = await site.browser.newContext(desktop);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    const user = { email: 'link.mn@example.test', password: 'link-Passw0rd-2026' };
    const reg = await fetch(`${site.baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'mn' },
      body: JSON.stringify({ ...user, firstName: 'Gerel', lastName: 'Oyun', dateOfBirth: '1999-09-09' }),
    });
    assert.equal(reg.status, 201);
    const email = await latestEmail(admin, site.baseURL, user.email, 'verifyEmail');
    const link = /https?:\/\/\S+\/auth\/verify\?token=\S+/.exec(email.text)?.[0];
    assert.ok(link, email.text);
    await page.goto(link);
    await page.getByText(t('mn', 'auth.verify.done')).first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/mn/auth/verify');
    assert.deepEqual(problems, []);
    await context.close();
    await admin.close();
  });
});

describe('the login dialog', () => {
  /** Serious and critical axe violations in the page (CSP bypassed for the script). */
  async function axe(page) {
    await injectAxe(page);
    const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  }

  for (const lang of ['en', 'mn']) {
    it(`${lang}: opens from the header; Enterprise leads to sign in, Mobile App shows the stores and their QR codes; Esc closes it`, async () => {
      const context = await site.browser.newContext({ ...desktop });
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}${urlOf(lang, '/')}`);
      const opener = page.getByRole('banner').getByRole('link', { name: t(lang, 'layout.signIn'), exact: true });
      assert.equal(await opener.getAttribute('href'), urlOf(lang, '/auth/login'), 'without JavaScript, the sign-in page');

      // From the keyboard.
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t(lang, 'auth.loginDialog.title') });
      await dialog.waitFor();
      assert.equal(new URL(page.url()).pathname, urlOf(lang, '/'), 'the page stays');
      assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus in the dialog');
      assert.deepEqual(await axe(page), []);

      await dialog.getByRole('button', { name: t(lang, 'auth.loginDialog.mobile') }).click();
      const appStore = dialog.getByRole('link', { name: t(lang, 'auth.loginDialog.appStore') });
      const playStore = dialog.getByRole('link', { name: t(lang, 'auth.loginDialog.playStore') });
      assert.equal(await appStore.getAttribute('href'), APP_STORE);
      assert.equal(await playStore.getAttribute('href'), PLAY_STORE);
      const qr = dialog.getByRole('img', { name: tf(lang, 'auth.loginDialog.qr', { store: t(lang, 'auth.loginDialog.appStore') }) });
      await qr.waitFor();
      assert.equal(await qr.evaluate((el) => el.tagName.toLowerCase()), 'svg');
      assert.equal(await dialog.locator('svg.qr').count(), 2);
      assert.ok((await qr.locator('path').getAttribute('d')).length > 500, 'a drawn code');
      assert.deepEqual(await axe(page), []);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.ok(await opener.evaluate((el) => el === document.activeElement), 'focus back on the opener');

      await opener.click();
      await dialog.getByRole('link', { name: t(lang, 'auth.loginDialog.enterprise') }).click();
      await page.waitForURL(`**${urlOf(lang, '/auth/login')}`);
      await heading(page, t(lang, 'auth.login.heading'));
      assert.equal(await dialog.isVisible(), false);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('on a phone, from the menu', async () => {
    const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(`${site.baseURL}/en/about-us`);
    await page.getByText(t('en', 'layout.nav.menu'), { exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: t('en', 'layout.signIn'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('en', 'auth.loginDialog.title') });
    await dialog.waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no sideways scrolling (${width}px)`);
    await dialog.getByRole('button', { name: t('en', 'common.close') }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(problems, []);
    await context.close();
  });
});
