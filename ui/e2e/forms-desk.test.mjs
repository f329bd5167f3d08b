// The forms desk as the admin, in English and Mongolian: the list (tabs, search as you type
// in Cyrillic, filters, "Load more"), a submission (answers, status with a note, history,
// internal notes), the CSV and XLSX exports with the list's filters, deletion requests and
// deletion with a reason, desk access for staff without the sensitive fields, and axe on
// every screen at desktop and phone widths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN, adminGet, axe, createAdmin, field, registerApi, SERVER, signIn, submitApi, tf, volunteerBody } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({ ...SERVER, setup: createAdmin });
const langs = ['en', 'mn'];
const CONTACTS = 55; // more than one page of 50
const subs = {};

/** The submissions the tests work on, made once through the API (as the mobile app would). */
let made;
const ready = () => (made ??= makeSubmissions());
async function makeSubmissions() {
  const { baseURL } = site;
  subs.volunteer = await submitApi(baseURL, 'volunteer', volunteerBody({
    firstName: 'Цэцэг', lastName: 'Болд', email: 'tsetseg@example.test', medicalConditions: 'Астма',
    emergencyContacts: [{ name: 'Болд Дорж', relationship: 'Аав', phone: '99112233', email: '' }, { name: 'Сараа', relationship: 'Эгч', phone: '+976 95112233', email: 'saraa@example.test' }],
  }), 'mn');
  subs.other = await submitApi(baseURL, 'volunteer', volunteerBody({ firstName: 'John', lastName: 'Doe', email: 'john@example.test', country: 'JP' }));
  subs.contacts = [];
  for (let i = 0; i < CONTACTS; i++) {
    subs.contacts.push(await submitApi(baseURL, 'contact', {
      firstName: `Person${String(i).padStart(2, '0')}`, lastName: 'Test', businessName: '', email: `person${i}@example.test`, phoneNumber: '', description: 'Hello',
    }));
  }
}

async function adminPage(lang, viewport = { width: 1280, height: 800 }) {
  await ready();
  const context = await site.browser.newContext({ viewport });
  await signIn(context, site.baseURL, ADMIN);
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL), lang };
}

/** Waits until nothing in the page is loading. */
const settled = (page) => page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]') && !/…|\.\.\./.test(document.querySelector('.desk-count')?.textContent ?? ''));

const count = (lang, n) => tf(lang, `forms.desk.total_${n === 1 ? 'one' : 'other'}`, { count: n });

describe('the list', () => {
  for (const lang of langs) {
    it(`pages, searches in Cyrillic, filters and exports in ${lang}`, async () => {
      const { context, page, problems } = await adminPage(lang);
      const found = [];
      await page.goto(`${site.baseURL}/${lang}/dashboard/forms`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.submissions.title') }).waitFor();
      // The dashboard's navigation has the desk, marked as the current page.
      const nav = page.getByRole('navigation', { name: t(lang, 'dashboard.nav.label') });
      assert.equal(await nav.getByRole('link', { name: t(lang, 'dashboard.nav.submissions') }).getAttribute('aria-current'), 'page');

      // Contact (the first tab): 50, then "Load more" brings the rest.
      await page.getByText(count(lang, CONTACTS), { exact: true }).waitFor();
      const rows = page.locator('#desk-list-caption ~ tbody tr, .table-scroll table tbody tr');
      assert.equal(await page.locator('table tbody tr').count(), 50);
      found.push(...(await axe(page, `${lang} desk list`)));
      await page.getByRole('button', { name: t(lang, 'forms.desk.loadMore') }).click();
      await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, CONTACTS);
      assert.equal(await page.getByRole('button', { name: t(lang, 'forms.desk.loadMore') }).count(), 0);
      void rows;

      // Sorted by name: Person00 first.
      await field(page, t(lang, 'forms.desk.sort')).selectOption('name');
      await page.waitForFunction(() => document.querySelector('table tbody tr')?.textContent?.includes('Person00'));

      // The volunteer tab; search as you type, in Cyrillic.
      await page.getByRole('link', { name: t(lang, 'forms.names.volunteer') }).click();
      await page.getByText(count(lang, 2), { exact: true }).waitFor();
      await field(page, t(lang, 'forms.desk.search')).pressSequentially('Цэцэг', { delay: 30 });
      await page.getByText(count(lang, 1), { exact: true }).waitFor();
      assert.equal(await page.locator('table tbody tr').count(), 1);
      assert.match(page.url(), /form=volunteer&q=%D0%A6/, 'the filters are in the page address');
      const link = page.getByRole('link', { name: subs.volunteer.reference });
      await link.waitFor();

      // The exports carry the filters; the CSV has a byte-order mark and named columns.
      const csvHref = await page.getByRole('link', { name: t(lang, 'forms.desk.exportCsv') }).getAttribute('href');
      assert.match(csvHref, /^\/api\/admin\/forms\/volunteer\/export\.csv\?q=/);
      const csv = await page.request.get(`${site.baseURL}${csvHref}`);
      assert.equal(csv.status(), 200);
      assert.match(csv.headers()['content-type'], /^text\/csv/);
      const bytes = await csv.body();
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
      const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
      assert.equal(lines.length, 2, 'the header and the one submission the search found');
      const header = lines[0].split(',');
      const cells = lines[1].split(',');
      const col = (name) => cells[header.indexOf(name)];
      for (const name of ['reference', 'status', 'createdAt', 'lang', 'firstName', 'lastName', 'email', 'country', 'careerInterests', 'emergencyContact1Name', 'emergencyContact2Phone']) {
        assert.ok(header.includes(name), `column ${name}`);
      }
      assert.equal(col('reference'), subs.volunteer.reference);
      assert.equal(col('firstName'), 'Цэцэг');
      assert.equal(col('lang'), 'mn');
      // The country is named in the exporter's language, with the names the UI shows.
      assert.equal(col('country'), lang === 'mn' ? 'Монгол' : 'Mongolia');
      assert.equal(col('emergencyContact1Name'), 'Болд Дорж');
      assert.equal(col('emergencyContact2Phone'), '+97695112233');
      const xlsxHref = await page.getByRole('link', { name: t(lang, 'forms.desk.exportXlsx') }).getAttribute('href');
      const xlsx = await page.request.get(`${site.baseURL}${xlsxHref}`);
      assert.equal(xlsx.status(), 200);
      assert.equal((await xlsx.body()).subarray(0, 2).toString(), 'PK');

      // A country filter (volunteer) and a date range with nothing in it.
      await field(page, t(lang, 'forms.desk.search')).fill('');
      await page.getByText(count(lang, 2), { exact: true }).waitFor();
      await field(page, t(lang, 'forms.desk.country')).selectOption('JP');
      await page.getByText(count(lang, 1), { exact: true }).waitFor();
      assert.ok(await page.getByRole('link', { name: subs.other.reference }).isVisible());
      // Country names in the page's language: the filter and the list's column (Debian's
      // chromium has no Mongolian names in Intl, so they come from the bundle).
      const japan = lang === 'mn' ? 'Япон' : 'Japan';
      assert.equal((await field(page, t(lang, 'forms.desk.country')).locator('option:checked').textContent()).trim(), japan);
      assert.equal((await field(page, t(lang, 'forms.desk.country')).locator('option[value="KR"]').textContent()).trim(), lang === 'mn' ? 'Өмнөд Солонгос' : 'South Korea');
      await page.getByRole('cell', { name: japan, exact: true }).waitFor();
      await field(page, t(lang, 'forms.desk.country')).selectOption('');
      await field(page, t(lang, 'forms.desk.from')).fill('2000-01-01');
      await field(page, t(lang, 'forms.desk.to')).fill('2000-01-31');
      await page.getByText(count(lang, 0), { exact: true }).waitFor();
      await page.getByText(t(lang, 'forms.desk.empty')).waitFor();
      found.push(...(await axe(page, `${lang} desk list, filtered`)));

      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe('a submission', () => {
  for (const lang of langs) {
    it(`shows every answer, changes status with a note, and keeps notes in ${lang}`, async () => {
      const { context, page, problems } = await adminPage(lang);
      const found = [];
      await page.goto(`${site.baseURL}/${lang}/dashboard/forms?form=volunteer&q=${encodeURIComponent('Цэцэг')}`);
      await page.getByRole('link', { name: subs.volunteer.reference }).click();
      await page.getByRole('heading', { level: 2, name: tf(lang, 'forms.desk.detailTitle', { reference: subs.volunteer.reference }) }).waitFor();
      await settled(page);
      // Labelled answers, sensitive ones included for the admin; rows as a table.
      const answers = page.locator('#desk-answers');
      await answers.getByText(t(lang, 'forms.volunteer.fields.medicalConditions.label'), { exact: true }).waitFor();
      await answers.getByText('Астма', { exact: true }).waitFor();
      await answers.getByText(t(lang, 'forms.volunteer.options.careerInterests.artsCulture'), { exact: true }).waitFor();
      await answers.getByRole('cell', { name: 'Болд Дорж' }).waitFor();
      await answers.getByRole('columnheader', { name: t(lang, 'forms.ui.row.relationship') }).waitFor();
      assert.equal(await page.getByText(t(lang, 'forms.desk.sensitiveHidden')).count(), 0);
      found.push(...(await axe(page, `${lang} submission`)));

      // Status with a note → the history says who did what.
      const to = lang === 'en' ? 'in_review' : 'accepted';
      const from = lang === 'en' ? 'new' : 'in_review';
      const note = lang === 'en' ? 'Called her, she is keen.' : 'Утсаар ярьсан.';
      await field(page, t(lang, 'forms.desk.status')).selectOption(to);
      await field(page, t(lang, 'forms.desk.statusNote')).fill(note);
      await page.getByRole('button', { name: t(lang, 'forms.desk.saveStatus') }).click();
      const history = page.locator('.desk-history');
      await history.getByText(tf(lang, 'forms.desk.history.status', { from: t(lang, `forms.desk.statuses.${from}`), to: t(lang, `forms.desk.statuses.${to}`) })).waitFor();
      await history.getByText(note).waitFor();
      assert.match(await history.locator('li').last().textContent(), /Admin Gerege/);
      await history.getByText(t(lang, 'forms.desk.history.created')).first().waitFor();

      // An internal note.
      await page.getByRole('button', { name: t(lang, 'forms.desk.addNote') }).click();
      await page.locator('#desk-note-error').getByText(t(lang, 'validation.required')).waitFor();
      const inner = lang === 'en' ? 'Check her school letter.' : 'Сургуулийн тодорхойлолт шалгах.';
      await field(page, t(lang, 'forms.desk.note')).fill(inner);
      await page.getByRole('button', { name: t(lang, 'forms.desk.addNote') }).click();
      await history.getByText(inner).waitFor();
      found.push(...(await axe(page, `${lang} submission with history`)));

      // The delete dialog (cancelled here).
      await page.getByRole('button', { name: t(lang, 'forms.desk.delete') }).click();
      const dialog = page.getByRole('dialog', { name: tf(lang, 'forms.desk.deleteTitle', { reference: subs.volunteer.reference }) });
      await dialog.waitFor();
      found.push(...(await axe(page, `${lang} delete dialog`)));
      await dialog.getByRole('button', { name: t(lang, 'forms.desk.cancel') }).click();
      await dialog.waitFor({ state: 'hidden' });

      // At phone width too.
      const phone = await adminPage(lang, { width: 360, height: 740 });
      await phone.page.goto(page.url());
      await phone.page.getByRole('heading', { level: 2, name: tf(lang, 'forms.desk.detailTitle', { reference: subs.volunteer.reference }) }).waitFor();
      await settled(phone.page);
      found.push(...(await axe(phone.page, `${lang} submission at 360px`)));
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `no sideways scrolling (${width}px)`);
      await phone.page.goto(`${site.baseURL}/${lang}/dashboard/forms?form=volunteer`);
      await phone.page.getByRole('link', { name: subs.volunteer.reference }).waitFor();
      await settled(phone.page);
      found.push(...(await axe(phone.page, `${lang} desk list at 360px`)));
      assert.ok((await phone.page.evaluate(() => document.documentElement.scrollWidth)) <= 360, 'the list does not scroll sideways');
      await phone.context.close();

      assert.deepEqual(found, []);
      assert.deepEqual([...problems, ...phone.problems], []);
      await context.close();
    });
  }
});

describe('deletion', () => {
  it('the confirmation email leads to the deletion page, reference filled in (mn)', async () => {
    await ready();
    const mine = await submitApi(site.baseURL, 'contact', {
      firstName: 'Ану', lastName: 'Бат', businessName: '', email: 'anu@example.test', phoneNumber: '', description: 'Сайн байна уу',
    }, 'mn');
    const admin = await adminPage('mn');
    const { emails } = await adminGet(admin.context, site.baseURL, '/api/admin/outbox');
    const email = emails.find((e) => e.to === 'anu@example.test' && e.kind === 'formReceived');
    const link = /https?:\/\/\S+?(\/mn\/support-center\/delete-submission\?reference=[A-Z0-9-]+)/.exec(email.text);
    assert.ok(link, email.text);

    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(site.baseURL + link[1]);
    await page.getByRole('heading', { level: 1, name: t('mn', 'forms.withdraw.title') }).waitFor();
    const reference = page.getByLabel(t('mn', 'forms.withdraw.reference'));
    await page.waitForFunction((el) => el.value !== '', await reference.elementHandle());
    assert.equal(await reference.inputValue(), mine.reference);
    const emailField = page.getByLabel(t('mn', 'forms.withdraw.email'));
    await emailField.fill('anu@');
    await page.getByRole('button', { name: t('mn', 'forms.withdraw.submit') }).click();
    await page.locator('#withdraw-email-error').filter({ hasText: t('mn', 'validation.email') }).waitFor();
    await page.waitForFunction((el) => document.activeElement === el, await emailField.elementHandle());
    await emailField.fill('anu@example.test');
    await page.getByRole('button', { name: t('mn', 'forms.withdraw.submit') }).click();
    await page.getByRole('status').filter({ hasText: t('mn', 'forms.deletion.received') }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();

    const { requests } = await adminGet(admin.context, site.baseURL, '/api/admin/deletion-requests');
    assert.ok(requests.some((r) => r.reference === mine.reference && r.exists), JSON.stringify(requests));
    // Handled (deleted with a reason), so the next test starts with no open request.
    const { items } = await adminGet(admin.context, site.baseURL, `/api/admin/forms/contact/submissions?q=${mine.reference}`);
    const del = await admin.context.request.delete(`${site.baseURL}/api/admin/submissions/${items[0].id}`, { data: { reason: 'Asked for it.' } });
    assert.equal(del.status(), 204, await del.text());
    await admin.context.close();
  });

  it('a person\'s deletion request leads to the submission, deleted with a reason', async () => {
    await ready();
    const target = subs.contacts[7];
    const res = await fetch(`${site.baseURL}/api/forms/deletion-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference: target.reference, email: 'person7@example.test' }),
    });
    assert.equal(res.status, 202);

    const { context, page, problems } = await adminPage('en');
    await page.goto(`${site.baseURL}/en/dashboard/forms`);
    const requests = page.locator('#desk-deletions-section');
    await requests.getByRole('cell', { name: t('en', 'forms.desk.deletion.yes') }).waitFor();
    await requests.getByRole('link', { name: target.reference }).click();
    await page.getByText(count('en', 1), { exact: true }).waitFor();
    await page.locator('#desk-list-section').getByRole('link', { name: target.reference }).click();
    await page.getByRole('button', { name: t('en', 'forms.desk.delete') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('en', 'forms.desk.deleteConfirm') }).click();
    const reason = field(dialog, t('en', 'forms.desk.deleteReason'));
    await page.waitForFunction((el) => document.activeElement === el, await reason.elementHandle());
    assert.equal(await reason.getAttribute('aria-invalid'), 'true');
    await reason.fill('The person asked for it (deletion request).');
    await dialog.getByRole('button', { name: t('en', 'forms.desk.deleteConfirm') }).click();
    await page.locator('.toast__message', { hasText: tf('en', 'forms.desk.deleted', { reference: target.reference }) }).waitFor();
    await page.getByRole('heading', { level: 2, name: t('en', 'forms.names.contact') }).waitFor();
    // Gone from the list, and the request is handled.
    const list = await adminGet(context, site.baseURL, `/api/admin/forms/contact/submissions?q=${target.reference}`);
    assert.equal(list.total, 0);
    await page.reload();
    await page.getByText(t('en', 'forms.desk.deletion.none')).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('desk access', () => {
  it('staff without the sensitive level see the desk without the sensitive fields', async () => {
    await ready();
    const staff = await registerApi(site.baseURL, { email: 'desk.staff@example.test', password: 'desk-Staff-Passw0rd-2026', firstName: 'Оюун', lastName: 'Бат' });
    const admin = await adminPage('mn');
    await admin.page.goto(`${site.baseURL}/mn/dashboard/forms`);
    const section = admin.page.locator('#desk-staff-section');
    await field(section, t('mn', 'forms.desk.staff.email')).fill(staff.email);
    await section.getByLabel(t('mn', 'forms.desk.staff.levels.desk'), { exact: true }).check();
    await section.getByRole('button', { name: t('mn', 'forms.desk.staff.apply') }).click();
    await admin.page.locator('.toast__message', { hasText: staff.email }).waitFor();
    // An unknown account: the server's message beside the field.
    await field(section, t('mn', 'forms.desk.staff.email')).fill('nobody@example.test');
    await section.getByRole('button', { name: t('mn', 'forms.desk.staff.apply') }).click();
    await section.locator('#staff-email-error').waitFor();
    assert.equal(await field(section, t('mn', 'forms.desk.staff.email')).getAttribute('aria-invalid'), 'true');
    assert.deepEqual(admin.problems.filter((p) => !/HTTP 422: .*\/api\/admin\/users\/staff|status of 422/.test(p)), []);
    await admin.context.close();

    const context = await site.browser.newContext({});
    await signIn(context, site.baseURL, staff);
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(`${site.baseURL}/mn/dashboard/forms/volunteer/${(await adminGetAs(subs.volunteer.reference)).id}`);
    await page.getByRole('heading', { level: 2, name: tf('mn', 'forms.desk.detailTitle', { reference: subs.volunteer.reference }) }).waitFor();
    await settled(page);
    await page.getByText(t('mn', 'forms.desk.sensitiveHidden')).waitFor();
    assert.equal(await page.getByText('Астма').count(), 0, 'no health details');
    assert.equal(await page.getByText('Болд Дорж').count(), 0, 'no emergency contacts');
    await page.locator('#desk-answers').getByText(t('mn', 'forms.volunteer.fields.school.label'), { exact: true }).waitFor();
    // Staff do not manage access.
    assert.equal(await page.locator('#desk-staff-section').count(), 0);
    const found = await axe(page, 'mn staff view');
    assert.deepEqual(found, []);
    // Staff also read the Direction Board's aggregate numbers (never anyone's answers).
    const nav = page.getByRole('navigation', { name: t('mn', 'dashboard.nav.label') });
    await nav.getByRole('link', { name: t('mn', 'dashboard.nav.directionBoard') }).click();
    await page.getByRole('heading', { level: 1, name: t('mn', 'dashboard.directionBoard.title') }).waitFor();
    await page.locator('[data-stat="started"]').waitFor();
    assert.equal(await nav.getByRole('link', { name: t('mn', 'dashboard.nav.outbox') }).count(), 0, 'but not the admin pages');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/** The admin's list item of a reference. */
async function adminGetAs(reference) {
  const context = await site.browser.newContext();
  await signIn(context, site.baseURL, ADMIN);
  const list = await adminGet(context, site.baseURL, `/api/admin/forms/volunteer/submissions?q=${reference}`);
  await context.close();
  return list.items[0];
}
