// Community events, as people use them (demo accounts, --demo), in Ulaanbaatar's time zone:
// the demo student, a moderator of Study Abroad, creates an event in Mongolian on a desktop
// (1366 px) — an end before the start is refused beside its field, with the focus there — and
// a member answers "Going" in English on a phone (375 px), sees it in their calendar's agenda;
// another member then reads "The event is full" beside the buttons. axe on each page, no raw
// keys, no sideways scrolling, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi, tf, toastWith } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const who = (name) => ({ email: `${name}@demo.gerege.mn`, password: PASSWORD });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };
const TITLE = 'Оюутны визийн зөвлөгөөний цаг';
/** Three days from now, as Ulaanbaatar's date. */
const DAY = new Date(Date.now() + 8 * 3600e3 + 3 * 86400e3).toISOString().slice(0, 10);

async function open(name, viewport, path) {
  const context = await site.browser.newContext({ viewport, timezoneId: 'Asia/Ulaanbaatar' });
  await signInApi(context, site.baseURL, who(name));
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  const problems = watch(page, site.baseURL);
  await page.goto(`${site.baseURL}${path}`);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  return { context, page, problems };
}

/** No raw catalog key in the page, and nothing wider than the screen. */
const tidy = async (page) => {
  const text = await page.locator('main').innerText();
  assert.ok(!/events\.ui\.|communities\.|workspaceCalendar\./.test(text), `raw keys: ${text.slice(0, 300)}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= page.viewportSize().width, `${page.url()}: sideways scrolling (${width}px)`);
};

describe('community events', () => {
  it('a moderator creates an event (mn, 1366px); a member answers going and finds it in the calendar (en, 375px); the next reads that it is full', async () => {
    const found = [];
    // The moderator: the community's page lists the demo's event and offers "New event".
    const m = await open('student', DESKTOP, '/mn/forums/study-abroad');
    await m.page.getByRole('heading', { name: t('mn', 'events.ui.upcoming') }).waitFor();
    await m.page.getByRole('link', { name: 'Солонгост суралцах тухай мэдээллийн үдэш' }).waitFor();
    await m.page.getByRole('link', { name: t('mn', 'events.ui.newEvent') }).click();
    await m.page.getByRole('heading', { level: 1, name: t('mn', 'events.ui.newTitle') }).waitFor();
    const F = 'events.ui.form';
    await m.page.getByLabel(t('mn', `${F}.titleMn`)).fill(TITLE);
    await m.page.getByLabel(t('mn', `${F}.descriptionMn`)).fill('Визийн **материал** бүрдүүлэх зөвлөгөө.');
    await m.page.getByLabel(t('mn', `${F}.startDate`)).fill(DAY);
    await m.page.getByLabel(t('mn', `${F}.startTime`)).fill('18:00');
    await m.page.getByLabel(t('mn', `${F}.endDate`)).fill(DAY);
    await m.page.getByLabel(t('mn', `${F}.endTime`)).fill('17:00');
    await m.page.getByLabel(t('mn', `${F}.place`)).fill('Оюутны төв, 2 давхар');
    await m.page.getByLabel(t('mn', `${F}.capacity`)).fill('1');
    await m.page.getByRole('button', { name: t('mn', `${F}.create`) }).click();
    // The end before the start: the server's message beside the end's date, the focus there.
    await m.page.locator('#ev-endDate-error', { hasText: t('mn', 'events.errors.endBeforeStart') }).waitFor();
    await m.page.waitForFunction(() => document.activeElement?.id === 'ev-endDate');
    assert.equal(await m.page.getByLabel(t('mn', `${F}.titleMn`)).inputValue(), TITLE, 'values kept');
    found.push(...(await axe(m.page, 'mn new event (error)')));
    await m.page.getByLabel(t('mn', `${F}.endTime`)).fill('20:00');
    await m.page.getByRole('button', { name: t('mn', `${F}.create`) }).click();
    await m.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await toastWith(m.page, t('mn', `${F}.created`));
    await m.page.locator('.comm-markdown strong', { hasText: 'материал' }).waitFor();
    await m.page.getByText(tf('mn', 'events.ui.goingOf', { count: 0, capacity: 1 })).waitFor();
    const link = new URL(m.page.url()).pathname.replace(/^\/mn/, '');
    assert.match(link, /^\/forums\/study-abroad\/events\/\d+$/);
    await tidy(m.page);
    found.push(...(await axe(m.page, 'mn event (moderator)')));
    assert.deepEqual(unexpected(m.problems, /HTTP 422: .*\/api\/communities\/study-abroad\/events$/, /status of 422/), []);
    await m.context.close();

    // A member on a phone, in English: "Going", then the calendar's agenda has it.
    const a = await open('applicant2', PHONE, `/en${link}`);
    await a.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await a.page.getByRole('button', { name: t('en', 'events.ui.answers.going'), exact: true }).click();
    await toastWith(a.page, t('en', 'events.ui.answered'));
    await a.page.getByText(t('en', 'events.ui.mine.going')).waitFor();
    await a.page.getByText(tf('en', 'events.ui.goingOf', { count: 1, capacity: 1 })).waitFor();
    assert.equal(await a.page.getByRole('button', { name: t('en', 'events.ui.answers.going'), exact: true }).getAttribute('aria-pressed'), 'true');
    await tidy(a.page);
    found.push(...(await axe(a.page, 'en event (member, phone)')));
    await a.page.getByRole('link', { name: t('en', 'events.ui.inCalendar') }).click();
    await a.page.getByRole('button', { name: t('en', 'workspaceCalendar.calendar.views.agenda') }).click();
    const chip = a.page.locator('.cal-agenda button', { hasText: TITLE });
    await chip.waitFor();
    await chip.click();
    const dialog = a.page.getByRole('dialog');
    await dialog.getByText(t('en', 'workspaceCalendar.calendar.kinds.community')).waitFor();
    await dialog.getByText('Оюутны төв, 2 давхар').waitFor();
    assert.equal(await dialog.getByRole('link', { name: t('en', 'workspaceCalendar.editor.open') }).getAttribute('href'), `/en${link}`);
    found.push(...(await axe(a.page, 'en calendar with the event (phone)')));
    assert.deepEqual(unexpected(a.problems), []);
    await a.context.close();

    // Another member: the only place is taken, said beside the buttons.
    const b = await open('applicant4', PHONE, `/en${link}`);
    await b.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await b.page.getByRole('button', { name: t('en', 'events.ui.answers.going'), exact: true }).click();
    await b.page.getByRole('alert').filter({ hasText: 'The event is full.' }).waitFor();
    assert.deepEqual(unexpected(b.problems, /HTTP 409: .*\/rsvp$/, /status of 409/), []);
    await b.context.close();

    assert.deepEqual(found, []);
  });
});
