// Notifications in English and Mongolian, against the real binary with the real CSP: a desk
// status change on a form sent while signed in makes the sender's bell say "1 unread" (once
// the tab regains focus); opening the bell and following the notification leads to its page
// and marks it read. The email it sends links to the unsubscribe page, where opening changes
// nothing and the button turns that kind of email off. At phone width the bell's panel fits
// the screen and passes axe.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminContext, latestEmail, registerApi } from './auth-helpers.mjs';
import { axe, createAdmin, SERVER, signIn, tf } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({
  ...SERVER,
  env: { ...SERVER.env, GEREGE_LIMIT_LOGIN_IP: '1000/15m' },
  setup: createAdmin,
  args: ({ baseURL }) => ['--base-url', baseURL],
});

/** The admin's context (the desk and the outbox), signed in once. */
let adminCtx;
const admin = async () => (adminCtx ??= await adminContext(site));

/** A signed-in person's form, then the desk moves it to `status`; returns the reference. */
async function sendAndChange(person, lang, status) {
  const { baseURL } = site;
  // The mobile app's way: a bearer token, so the submission belongs to the account.
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  assert.equal(login.status, 200);
  const { accessToken } = await login.json();
  const res = await fetch(`${baseURL}/api/forms/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang, Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ firstName: 'Notify', lastName: lang, businessName: '', email: person.email, phoneNumber: '', description: 'Hello' }),
  });
  const sent = await res.json();
  assert.equal(res.status, 201, JSON.stringify(sent));
  return { reference: sent.reference, change: () => deskStatus(sent.reference, status) };
}

async function deskStatus(reference, status) {
  const desk = await admin();
  const list = await (await desk.request.get(`${site.baseURL}/api/admin/forms/contact/submissions?q=${reference}`)).json();
  const id = list.items.find((s) => s.reference === reference).id;
  const res = await desk.request.post(`${site.baseURL}/api/admin/submissions/${id}/status`, { data: { status } });
  assert.equal(res.status(), 200, await res.text());
}

const unreadCount = async (context) => (await (await context.request.get(`${site.baseURL}/api/notifications/unread-count`)).json()).unread;

describe('the bell', () => {
  for (const lang of ['en', 'mn']) {
    it(`shows a desk status change and marks it read when followed, in ${lang}`, async () => {
      const person = await registerApi(site.baseURL, { email: `bell.${lang}@example.test` });
      const { reference, change } = await sendAndChange(person, lang, 'in_review');
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await signIn(context, site.baseURL, person);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);

      await page.goto(`${site.baseURL}/${lang}/features`);
      const bell = page.getByRole('button', { name: t(lang, 'notifications.bell.label'), exact: true });
      await bell.waitFor(); // signed in, nothing yet

      // The desk changes the status; the tab regains focus and the bell asks again.
      await change();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      const one = page.getByRole('button', { name: tf(lang, 'notifications.bell.labelUnread_one', { count: 1 }), exact: true });
      await one.waitFor();
      assert.equal(await one.getAttribute('aria-expanded'), 'false');

      // Open it (keyboard): the notification, rendered in the page's language.
      await one.focus();
      await page.keyboard.press('Enter');
      assert.equal(await one.getAttribute('aria-expanded'), 'true');
      const status = t(lang, 'forms.desk.statuses.in_review');
      const item = page.locator('.bell__panel').getByRole('link', { name: new RegExp(reference) });
      await item.waitFor();
      assert.match(await item.textContent(), new RegExp(status));
      assert.equal(await item.getAttribute('href'), `/${lang}/dashboard`);

      // Follow it: its page, and it is read.
      await item.click();
      await page.waitForURL(`${site.baseURL}/${lang}/dashboard`);
      await page.getByRole('button', { name: t(lang, 'notifications.bell.label'), exact: true }).waitFor();
      assert.equal(await unreadCount(context), 0);

      // The full list shows it, read.
      await page.goto(`${site.baseURL}/${lang}/dashboard/notifications`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.notifications.title') }).waitFor();
      const listed = page.locator('main .notification', { hasText: reference });
      await listed.waitFor();
      assert.equal(await listed.evaluate((li) => li.classList.contains('notification--unread')), false);

      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe('the unsubscribe link', () => {
  for (const lang of ['en', 'mn']) {
    it(`opens a page that changes nothing until its button is pressed, in ${lang}`, async () => {
      const person = await registerApi(site.baseURL, { email: `unsub.${lang}@example.test` });
      // The email is in the person's language: theirs is the one they registered in.
      const { change } = await sendAndChange(person, lang, 'accepted');
      await change();
      const email = await latestEmail(await admin(), site.baseURL, person.email, 'notification');
      const link = new RegExp(`${t(email.lang, 'emails.layout.unsubscribe')}: (\\S+)`).exec(email.text)?.[1];
      assert.ok(link?.startsWith(`${site.baseURL}/${email.lang}/notifications/unsubscribe?token=`), email.text);

      const prefs = async () => {
        const c = await site.browser.newContext();
        await signIn(c, site.baseURL, person);
        const r = await (await c.request.get(`${site.baseURL}/api/notifications/preferences`)).json();
        await c.close();
        return r.preferences.find((p) => p.kind === 'forms.status').email;
      };

      const context = await site.browser.newContext(); // not signed in: the link is enough
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(link.replace(`/${email.lang}/`, `/${lang}/`));
      const confirm = page.getByRole('button', { name: t(lang, 'notifications.unsubscribe.confirm') });
      await confirm.waitFor();
      await page.getByText(t(lang, 'notifications.kinds.formsStatus.label')).waitFor();
      assert.equal(await prefs(), 'immediate', 'opening the link unsubscribed');

      await confirm.click();
      await page.getByText(t(lang, 'notifications.unsubscribe.done')).waitFor();
      assert.equal(await prefs(), 'off');

      // A forged link says so.
      await page.goto(`${site.baseURL}/${lang}/notifications/unsubscribe?token=forged.token`);
      await page.getByText(t(lang, 'notifications.unsubscribe.invalid')).waitFor();
      // (The forged token's 400 is expected: the browser logs it too.)
      const expected = [/HTTP 400: .*\/api\/notifications\/unsubscribe/, /unsubscribe\?token=forged\.token: Failed to load resource: .* 400/];
      assert.deepEqual(problems.filter((p) => !expected.some((re) => re.test(p))), []);
      await context.close();
    });
  }
});

describe('at phone width', () => {
  it('the open panel fits the screen and passes axe', async () => {
    const person = await registerApi(site.baseURL, { email: 'phone@example.test' });
    const { change } = await sendAndChange(person, 'mn', 'rejected');
    await change();
    const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } }); // the real CSP: axe goes in by the debugging protocol
    await signIn(context, site.baseURL, person);
    const page = await context.newPage();
    await page.goto(`${site.baseURL}/mn/dashboard`);
    const bell = page.getByRole('button', { name: tf('mn', 'notifications.bell.labelUnread_one', { count: 1 }), exact: true });
    await bell.click();
    await page.locator('.bell__panel .notification').first().waitFor();
    const box = await page.locator('.bell__panel').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, `the panel fits: ${JSON.stringify(box)}`);
    assert.deepEqual(await axe(page, 'bell panel (mn, phone)'), []);
    await context.close();
  });
});
