// The dashboard in the browser: who may open which page (the server decides, the side
// navigation follows), the admin pages, the organisation and its invitations, the profile,
// national ID verification, and the navigation on a phone.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { ADMIN, adminContext, createAdmin, latestEmail, registerApi, signInApi, signInForm, tf, toastWith } from './auth-helpers.mjs';
import { t, urlOf, useSite, watch } from './harness.mjs';

const site = useSite({ setup: createAdmin, args: ({ baseURL }) => ['--base-url', baseURL] });

const desktop = { viewport: { width: 1280, height: 800 } };
const heading = (page, text) => page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
const sideNav = (page, lang = 'en') => page.getByRole('navigation', { name: t(lang, 'dashboard.nav.label') });
const navLabels = (page, lang = 'en') => sideNav(page, lang).getByRole('link').allTextContents();
const ADMIN_PAGES = ['outbox', 'audit', 'settings'];

let individual;
const individualUser = async () =>
  (individual ??= await registerApi(site.baseURL, { email: 'ind@example.test', firstName: 'Nomin', lastName: 'Gan' }));

/** A page in a new context, signed in (cookie session) as `user`. */
async function pageAs(user, options = desktop) {
  const context = await site.browser.newContext(options);
  await signInApi(context, site.baseURL, user);
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

describe('roles', () => {
  it('a signed-out visit to the account page lands on sign in with returnTo, and signing in comes back', async () => {
    const user = await individualUser();
    const context = await site.browser.newContext(desktop);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    const res = await page.goto(`${site.baseURL}/en/dashboard/user/account`);
    assert.equal(res.status(), 200);
    const url = new URL(page.url());
    assert.equal(url.pathname, '/en/auth/login');
    assert.equal(url.searchParams.get('returnTo'), '/en/dashboard/user/account');
    await heading(page, t('en', 'auth.login.heading'));
    await signInForm(page, 'en', user);
    await page.waitForURL((u) => u.pathname === '/en/dashboard/user/account');
    await heading(page, t('en', 'dashboard.account.title'));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an individual sees no admin entries in the side navigation, and gets the 403 page for an admin page', async () => {
    const { context, page, problems } = await pageAs(await individualUser());
    await page.goto(`${site.baseURL}/en/dashboard`);
    await heading(page, t('en', 'dashboard.home.title'));
    await sideNav(page).getByRole('link').first().waitFor();
    // The shell's sidebar groups the pages (workspace, opportunities, communities, you) and adds the home and the permission table.
    assert.deepEqual(
      await navLabels(page),
      ['app', 'home', 'chat', 'calendar', 'mail', 'booking', 'fileManager', 'notifications', 'permission', 'applications', 'saved', 'posts', 'communities', 'moderation', 'orders', 'profile', 'account'].map((k) => t('en', `dashboard.nav.${k}`)),
    );
    assert.equal(await sideNav(page).getByRole('link', { name: t('en', 'dashboard.nav.home') }).getAttribute('aria-current'), 'page');

    const res = await page.goto(`${site.baseURL}/en/dashboard/admin/outbox`);
    assert.equal(res.status(), 403);
    await heading(page, t('en', 'status.forbidden.title'));
    // Chromium reports the document's own 403 on the console.
    assert.deepEqual(problems.filter((p) => !/^console error .*status of 403/.test(p)), []);
    await context.close();
  });

  it("an admin's side navigation lists the admin pages; the outbox shows an email's text, the audit log its events", async () => {
    await individualUser(); // an email in the outbox
    const { context, page, problems } = await pageAs(ADMIN);
    await page.goto(`${site.baseURL}/en/dashboard`);
    await sideNav(page).getByRole('link').first().waitFor();
    const labels = await navLabels(page);
    for (const key of ['home', 'profile', 'account', ...ADMIN_PAGES]) assert.ok(labels.includes(t('en', `dashboard.nav.${key}`)), key);
    assert.ok(!labels.includes(t('en', 'dashboard.nav.organization')), 'no organisation page for an admin without one');

    await sideNav(page).getByRole('link', { name: t('en', 'dashboard.nav.outbox') }).click();
    await heading(page, t('en', 'dashboard.outbox.title'));
    await page.getByText(t('en', 'dashboard.outbox.smtpOff')).waitFor();
    const email = await latestEmail(context, site.baseURL, 'ind@example.test', 'verifyEmail');
    // What an email is and its language, in words.
    await page.getByRole('table').getByText(t('en', 'dashboard.outbox.kinds.verifyEmail'), { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('table').getByText('verifyEmail').count(), 0);
    assert.equal(await page.getByRole('table').getByRole('cell', { name: /^(en|mn)$/ }).count(), 0, 'languages in words');
    await page.getByRole('button', { name: email.subject }).first().click();
    const text = page.locator('pre.email-text');
    await text.waitFor();
    assert.equal(await text.textContent(), email.text);
    assert.equal(await page.locator('.email-view').getByRole('heading', { name: email.subject }).count(), 1);
    assert.ok(await page.locator('.email-view').getByText('ind@example.test').count());

    await sideNav(page).getByRole('link', { name: t('en', 'dashboard.nav.audit') }).click();
    await heading(page, t('en', 'dashboard.audit.title'));
    // Events in words, not codes.
    await page.getByRole('table').getByText(t('en', 'dashboard.audit.events.signin_success'), { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('table').getByText('signin.success').count(), 0);
    // Details in words too: how the person signed in, not "via:web".
    const via = t('en', 'dashboard.audit.details.via').replace('{{via}}', t('en', 'dashboard.audit.details.channels.web'));
    await page.getByRole('table').getByText(via, { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('table').getByText('via:web').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('settings: maintenance mode on (after confirming) and off again; admin rights granted by email', async () => {
    const { context, page, problems } = await pageAs(ADMIN);
    await page.goto(`${site.baseURL}/en/dashboard/admin/settings`);
    await heading(page, t('en', 'dashboard.settings.title'));
    const toggle = page.getByRole('switch', { name: t('en', 'dashboard.settings.maintenance') });
    await page.waitForFunction(() => !document.querySelector('#maintenance-switch[disabled]'));
    assert.equal(await toggle.isChecked(), false);

    await toggle.click();
    const confirm = page.getByRole('dialog', { name: t('en', 'dashboard.settings.confirmOnTitle') });
    await confirm.waitFor();
    assert.equal(await toggle.isChecked(), false, 'nothing changes before confirming');
    await confirm.getByRole('button', { name: t('en', 'dashboard.settings.turnOn') }).click();
    await toastWith(page, t('en', 'dashboard.settings.maintenanceOnDone'));
    assert.equal(await toggle.isChecked(), true);
    assert.equal((await fetch(`${site.baseURL}/en/about-us`)).status, 503, 'visitors see the maintenance page');

    await toggle.click();
    const confirmOff = page.getByRole('dialog', { name: t('en', 'dashboard.settings.confirmOffTitle') });
    await confirmOff.getByRole('button', { name: t('en', 'dashboard.settings.turnOff') }).click();
    await toastWith(page, t('en', 'dashboard.settings.maintenanceOffDone'));
    assert.equal((await fetch(`${site.baseURL}/en/about-us`)).status, 200);

    const user = await registerApi(site.baseURL, { email: 'new.admin@example.test', firstName: 'Khongor', lastName: 'Naran' });
    await page.getByLabel(t('en', 'dashboard.settings.email'), { exact: true }).fill(user.email);
    await page.getByRole('button', { name: t('en', 'dashboard.settings.apply') }).click();
    await toastWith(page, tf('en', 'dashboard.settings.granted', { email: user.email }));
    const them = await pageAs(user);
    await them.page.goto(`${site.baseURL}/en/dashboard`);
    await sideNav(them.page).getByRole('link', { name: t('en', 'dashboard.nav.outbox') }).waitFor();
    // The /api/meta read while maintenance was on answers 503 (it is how the switch learns the state).
    assert.deepEqual(problems.filter((p) => !/status of 503|HTTP 503: .*\/api\/meta$/.test(p)), []);
    await them.context.close();
    await context.close();
  });
});

describe('organisation', () => {
  it('an owner invites a counselor, who signs in from the emailed link and joins', async () => {
    const owner = await registerApi(site.baseURL, {
      email: 'owner@example.test',
      firstName: 'Dulguun',
      lastName: 'Enkh',
      accountType: 'enterprise',
      organization: 'Steppe Careers LLC',
    });
    const counselor = await registerApi(site.baseURL, { email: 'counselor@example.test', firstName: 'Chimeg', lastName: 'Ganbold' });
    const o = await pageAs(owner);
    await o.page.goto(`${site.baseURL}/en/dashboard`);
    await sideNav(o.page).getByRole('link', { name: t('en', 'dashboard.nav.organization') }).click();
    await heading(o.page, t('en', 'dashboard.organization.title'));
    const members = o.page.getByRole('table', { name: tf('en', 'dashboard.organization.membersCaption', { organization: 'Steppe Careers LLC' }) });
    await members.getByText(owner.email).waitFor();
    await o.page.getByLabel(t('en', 'dashboard.organization.email'), { exact: true }).fill(counselor.email);
    await o.page.getByLabel(t('en', 'dashboard.organization.role'), { exact: true }).selectOption('counselor');
    await o.page.getByRole('button', { name: t('en', 'dashboard.organization.invite') }).click();
    await toastWith(o.page, tf('en', 'dashboard.organization.invited', { email: counselor.email }));
    await o.page.getByRole('table', { name: t('en', 'dashboard.organization.invitationsCaption') }).getByText(counselor.email).waitFor();

    const admin = await adminContext(site);
    const invitation = await latestEmail(admin, site.baseURL, counselor.email, 'invitation');
    const link = /https?:\/\/\S+\/auth\/invitation\?token=\S+/.exec(invitation.text)?.[0];
    assert.ok(link, invitation.text);

    // Signed out: told to sign in (or register) and brought back to accept.
    const context = await site.browser.newContext(desktop);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(link);
    await page.getByText(t('en', 'auth.invitation.signInFirst')).waitFor();
    await page.getByRole('main').getByRole('link', { name: t('en', 'auth.invitation.signIn'), exact: true }).click();
    await page.waitForURL('**/en/auth/login?returnTo=*');
    await signInForm(page, 'en', counselor);
    await page.waitForURL('**/en/auth/invitation?token=*');
    await page.getByText(tf('en', 'auth.invitation.joined', { organization: 'Steppe Careers LLC', role: t('en', 'roles.counselor') })).waitFor();
    const me = await (await page.request.get(`${site.baseURL}/api/auth/me`)).json();
    assert.deepEqual(me.organization?.role, 'counselor');

    await o.page.reload();
    await members.getByText(counselor.email).waitFor();
    assert.deepEqual([...problems, ...o.problems], []);
    await context.close();
    await o.context.close();
    await admin.close();
  });
});

describe('profile and account', () => {
  it('the profile card, and the date of birth given when it is missing (mn)', async () => {
    const user = await registerApi(site.baseURL, { email: 'nodob@example.test', firstName: 'Enkhjin', lastName: 'Tsogt', dateOfBirth: '' });
    const { context, page, problems } = await pageAs(user);
    await page.goto(`${site.baseURL}/mn/dashboard/user/profile`);
    await heading(page, t('mn', 'dashboard.profile.title'));
    const card = page.locator('.profile-card');
    // Surname first in Mongolian: the card and the form, as on the register page.
    await card.getByRole('heading', { name: 'Tsogt Enkhjin' }).waitFor();
    assert.deepEqual(await page.locator('form .field-pair input').evaluateAll((els) => els.map((e) => e.id)), ['profile-lastName', 'profile-firstName']);
    for (const text of [user.email, t('mn', 'roles.individual')]) assert.ok(await card.getByText(text, { exact: true }).count(), text);
    assert.equal(await card.locator('.avatar').textContent(), 'ET');
    await page.getByText(t('mn', 'dashboard.home.dateOfBirthLink')).waitFor();
    // No Direction Board results yet: the profile says so and offers the test.
    const results = page.getByRole('region', { name: t('mn', 'dashboard.profile.results.title') });
    await results.getByText(t('mn', 'dashboard.profile.results.empty')).waitFor();
    assert.equal(await results.getByRole('link', { name: t('mn', 'dashboard.profile.results.take') }).getAttribute('href'), '/mn/direction-board');

    await page.locator('#profile-dateOfBirth').fill('2015-02-02');
    await page.getByRole('button', { name: t('mn', 'dashboard.profileForm.save') }).click();
    const error = page.locator('#profile-dateOfBirth-error');
    await error.waitFor();
    assert.equal(await error.textContent(), tf('mn', 'auth.errors.tooYoung', { age: 13 }));
    await page.locator('#profile-dateOfBirth').fill('1998-02-02');
    await page.getByRole('button', { name: t('mn', 'dashboard.profileForm.save') }).click();
    await toastWith(page, t('mn', 'dashboard.profileForm.saved'));
    await page.locator('#profile-dateOfBirth').waitFor({ state: 'detached' });
    assert.equal(await page.getByText(t('mn', 'dashboard.home.dateOfBirthLink')).count(), 0);
    assert.ok(await card.getByText('1998 оны 2-р сарын 2').count(), 'the date as Mongolian writes it');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('national ID verification: the restricted features until verified, then the masked number', async () => {
    const user = await registerApi(site.baseURL, { email: 'idv@example.test', firstName: 'Gerelmaa', lastName: 'Oyun', dateOfBirth: '1995-04-12' });
    const { context, page, problems } = await pageAs(user);
    await page.goto(`${site.baseURL}/en/dashboard/user/account`);
    const section = page.locator('#account-id');
    await section.getByLabel(t('en', 'account.idVerification.idNumber')).waitFor();
    for (const f of ['postOpportunities', 'applyOpportunities', 'createCommunities', 'sendMessages']) {
      assert.equal(await section.getByText(t('en', `account.idVerification.features.${f}`), { exact: true }).count(), 1, f);
    }
    assert.ok(await section.getByText(t('en', 'account.idVerification.idNumberHint')).count());
    await section.getByLabel(t('en', 'account.idVerification.surname'), { exact: true }).fill('Oyun');
    await section.getByLabel(t('en', 'account.idVerification.givenName'), { exact: true }).fill('Gerelmaa');
    assert.equal(await section.getByLabel(t('en', 'account.idVerification.dateOfBirth'), { exact: true }).inputValue(), '1995-04-12');
    const number = section.getByLabel(t('en', 'account.idVerification.idNumber'), { exact: true });
    await number.fill('УБ96041299'); // the number of another birth date
    await section.getByRole('button', { name: t('en', 'account.idVerification.submit') }).click();
    await section.locator('#idv-idNumber-error').waitFor();
    assert.equal(await section.locator('#idv-idNumber-error').textContent(), t('en', 'account.idVerification.errors.mismatch'));
    await number.fill('уб 95041234');
    await section.getByRole('button', { name: t('en', 'account.idVerification.submit') }).click();
    await section.getByText('УБ******34').waitFor();
    assert.equal(await section.getByText(t('en', 'account.idVerification.features.sendMessages')).count(), 0);
    assert.deepEqual(problems.filter((p) => !/status of 422|HTTP 422: .*\/api\/account\/id-verification$/.test(p)), []);
    await context.close();
  });

  it('sessions: sign out another device; decline ID verification; delete the account after confirming the password', async () => {
    const user = await registerApi(site.baseURL, { email: 'leaving@example.test', firstName: 'Bold', lastName: 'Bat' });
    const other = await site.browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' });
    await signInApi(other, site.baseURL, user);
    const { context, page, problems } = await pageAs(user);
    await page.goto(`${site.baseURL}/en/dashboard/user/account`);
    const sessions = page.locator('#account-sessions');
    await sessions.getByText('Safari · iOS').waitFor();
    await sessions.getByText(t('en', 'account.sessions.thisDevice'), { exact: true }).waitFor();
    await sessions.getByRole('button', { name: tf('en', 'account.sessions.revokeDevice', { device: 'Safari · iOS' }) }).click();
    await toastWith(page, tf('en', 'account.sessions.revoked', { device: 'Safari · iOS' }));
    await sessions.getByText('Safari · iOS').waitFor({ state: 'detached' });
    assert.equal((await other.request.get(`${site.baseURL}/api/auth/me`)).status(), 401, 'the other device is signed out');

    const idv = page.locator('#account-id');
    await idv.getByRole('button', { name: t('en', 'account.idVerification.decline') }).click();
    await idv.getByText(t('en', 'account.idVerification.statusDeclined')).waitFor();
    assert.equal(await idv.getByRole('button', { name: t('en', 'account.idVerification.decline') }).count(), 0);

    // A copy of the account's data, as the privacy policy promises: a JSON file download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t('en', 'account.export.download') }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^gerege-account-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
    assert.equal(exported.account.email, user.email);
    assert.equal(exported.idVerification.status, 'declined');
    assert.equal(exported.sessions.filter((s) => s.current).length, 1, 'this browser is the current session');

    await page.getByRole('button', { name: t('en', 'account.delete.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('en', 'account.delete.title') });
    await dialog.waitFor();
    await dialog.getByLabel(t('en', 'account.delete.password'), { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: t('en', 'account.delete.confirm') }).click();
    await dialog.locator('#delete-password-error').waitFor();
    assert.equal(await dialog.locator('#delete-password-error').textContent(), t('en', 'account.errors.wrongPassword'));
    await dialog.getByLabel(t('en', 'account.delete.password'), { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: t('en', 'account.delete.confirm') }).click();
    await toastWith(page, t('en', 'account.delete.done'));
    await page.waitForURL((u) => u.pathname === '/en');
    const signIn = await fetch(`${site.baseURL}/api/web/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    assert.equal(signIn.status, 401, 'the account is gone');
    assert.deepEqual(problems.filter((p) => !/status of 422|HTTP 422: .*\/api\/account$/.test(p)), []);
    await other.close();
    await context.close();
  });

  it('on a phone the side navigation folds into a menu', async () => {
    const { context, page, problems } = await pageAs(ADMIN, { viewport: { width: 360, height: 740 } });
    await page.goto(`${site.baseURL}/en/dashboard/admin/audit`);
    await heading(page, t('en', 'dashboard.audit.title'));
    const toggle = sideNav(page).getByRole('button', { name: t('en', 'dashboard.nav.menu') });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await sideNav(page).getByRole('link').count(), 0, 'folded');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await sideNav(page).getByRole('link', { name: t('en', 'dashboard.nav.settings') }).click();
    await heading(page, t('en', 'dashboard.settings.title'));
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'folded again after the move');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no sideways scrolling (${width}px)`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
