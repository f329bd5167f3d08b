// Interviews (#13, #15), as people use them (demo accounts, --demo): the organisation's owner
// schedules an interview from the applicant's dialog on the board in English at 1366 px (an
// http link refused beside its field, the focus on it, the values kept); the demo student
// confirms it in Mongolian at 375 px on their applications page and finds it in their
// calendar's agenda. Before: the student's demo interview waiting for an answer is cancelled
// through the API, so the owner may schedule a new one for that application.
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { focused, t, useSite, watch } from './harness.mjs';
import { signInApi, toastWith } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const who = (name) => ({ email: `${name}@demo.gerege.mn`, password: PASSWORD });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };
const I = 'workspaceInterviews';

/** An API client signed in as a demo account. */
async function apiAs(name) {
  const context = await site.browser.newContext();
  await signInApi(context, site.baseURL, who(name));
  const call = async (method, path, data, lang = 'en') => {
    const res = await context.request.fetch(`${site.baseURL}/api${path}`, {
      method,
      data,
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Accept-Language': lang },
    });
    const text = await res.text();
    assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return { context, call };
}

/** YYYY-MM-DD in Ulaanbaatar, days from today. */
const ubDay = (days) => new Date(Date.now() + 8 * 3600 * 1000 + days * 86400 * 1000).toISOString().slice(0, 10);

const state = {};

async function setup() {
  const student = await apiAs('student');
  const mine = await student.call('GET', '/me/interviews', undefined, 'mn');
  const proposed = mine.items.find((x) => x.status === 'proposed');
  assert.ok(proposed, 'the demo student has an interview waiting for an answer');
  const owner = await apiAs('owner');
  await owner.call('POST', `/org/interviews/${proposed.id}/cancel`, { reason: 'Moved to another day.' });
  state.appId = proposed.applicationId;
  state.opportunity = proposed.opportunity; // in Mongolian
  await Promise.all([student.context.close(), owner.context.close()]);
}

async function open(name, lang, viewport, path) {
  const context = await site.browser.newContext({ viewport, timezoneId: 'Asia/Ulaanbaatar' });
  await signInApi(context, site.baseURL, who(name));
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  const problems = watch(page, site.baseURL);
  await page.goto(`${site.baseURL}/${lang}${path}`);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  return { context, page, problems };
}

const noRawKeys = async (page) => assert.ok(!(await page.locator('body').innerText()).includes(`${I}.`), 'no raw catalog keys');

describe('interviews', () => {
  before(setup);

  it('the owner schedules an interview from the board (en, 1366px)', async () => {
    const { context, page, problems } = await open('owner', 'en', DESKTOP, `/dashboard/kanban?application=${state.appId}`);
    const dialog = page.locator('dialog[open]');
    await dialog.getByRole('button', { name: t('en', `${I}.schedule`) }).click();
    const date = ubDay(4);
    await dialog.locator('#iv-start').fill(date);
    await dialog.locator('#iv-time').fill('11:30');
    await dialog.locator('#iv-minutes').fill('60');
    await dialog.locator('#iv-link').fill('http://meet.example.mn/room');
    await dialog.locator('#iv-note').fill('We will talk about your project.');
    await dialog.getByRole('button', { name: t('en', `${I}.form.submit`) }).click();
    // The server's rule beside the field, the focus on it, nothing lost.
    const link = dialog.locator('#iv-link');
    await page.waitForFunction(() => document.querySelector('#iv-link')?.getAttribute('aria-invalid') === 'true');
    await focused(link);
    assert.equal(await dialog.locator('#iv-link-error').innerText(), t('en', `${I}.errors.link`));
    assert.equal(await dialog.locator('#iv-note').inputValue(), 'We will talk about your project.');
    await link.fill('https://meet.example.mn/room');
    await dialog.getByRole('button', { name: t('en', `${I}.form.submit`) }).click();
    await toastWith(page, t('en', `${I}.scheduled`));
    await dialog.getByText(t('en', `${I}.statuses.proposed`)).waitFor();
    await dialog.getByText('https://meet.example.mn/room').waitFor();
    assert.ok((await dialog.innerText()).includes('11:30'), 'the time in Ulaanbaatar');
    await noRawKeys(page);
    assert.deepEqual(await axe(page, 'en board, interview'), []);
    assert.deepEqual(unexpected(problems, /HTTP 422: .*\/interviews$/, /status of 422/), []);
    await context.close();
  });

  it('the student confirms it and sees it in the calendar (mn, 375px)', async () => {
    const { context, page, problems } = await open('student', 'mn', PHONE, '/dashboard/applications');
    const confirm = page.getByRole('button', { name: t('mn', `${I}.confirm`) });
    await confirm.first().waitFor();
    assert.equal(await confirm.count(), 1, 'one interview waits for an answer');
    const labelled = await page.locator('article', { has: confirm }).getAttribute('aria-labelledby');
    const card = page.locator(`article[aria-labelledby="${labelled}"]`);
    assert.ok((await card.innerText()).includes('11:30'), 'the new time');
    await confirm.click();
    await toastWith(page, t('mn', `${I}.confirmedToast`));
    await card.getByText(t('mn', `${I}.myStatuses.confirmed`)).waitFor();
    assert.equal(await page.getByRole('button', { name: t('mn', `${I}.confirm`) }).count(), 0);
    await noRawKeys(page);
    assert.deepEqual(await axe(page, 'mn applications, interview'), []);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'no sideways scrolling at 375 px');

    await page.goto(`${site.baseURL}/mn/dashboard/calendar`);
    await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: t('mn', 'workspaceCalendar.calendar.views.agenda') }).click();
    const item = page.locator('.cal-agenda button', { hasText: `Ярилцлага: ${state.opportunity}` }).first();
    await item.waitFor();
    await item.click();
    await page.getByText(t('mn', 'workspaceCalendar.editor.interviewStatus.confirmed'), { exact: false }).first().waitFor();
    assert.deepEqual(await axe(page, 'mn calendar, interview'), []);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });
});
