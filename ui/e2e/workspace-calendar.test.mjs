// Appointments and the calendar, as people use them (demo accounts, --demo), in both languages,
// on a desktop and a phone, in Ulaanbaatar's time zone: the student books the demo counselor's
// first free time, sees it in their appointments and in their calendar's agenda, moves between
// days of the month with the arrow keys and opens one with Enter; the counselor sees it in
// their day. axe on each page, no raw keys, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi, tf } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const who = (name) => ({ email: `${name}@demo.gerege.mn`, password: PASSWORD });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };
const COUNSELOR = 'Сарнай Должин';
const STUDENT = 'Тэмүүлэн Ганбаатар';

async function open(name, viewport, path, colorScheme) {
  const context = await site.browser.newContext({ viewport, colorScheme, timezoneId: 'Asia/Ulaanbaatar' });
  await signInApi(context, site.baseURL, who(name));
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  const problems = watch(page, site.baseURL);
  await page.goto(`${site.baseURL}${path}`);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  return { context, page, problems };
}

/** No raw catalog key in the page, and nothing wider than the screen. */
const noRawKeys = async (page) => {
  const text = await page.locator('main').innerText();
  assert.ok(!/workspaceCalendar\.|dashboard\.(calendar|booking)\./.test(text), `raw keys: ${text.slice(0, 300)}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= page.viewportSize().width, `${page.url()}: sideways scrolling (${width}px)`);
};

describe('appointments and calendar', () => {
  for (const [lang, viewport, scheme] of [
    ['en', DESKTOP, 'light'],
    ['mn', PHONE, 'dark'],
  ]) {
    it(`a student books the counselor, sees it in the calendar; the counselor sees it in their day (${lang}, ${viewport.width}px, ${scheme})`, async () => {
      const found = [];
      // The student books the first free time.
      const s = await open('student', viewport, `/${lang}/dashboard/booking`, scheme);
      const book = s.page.locator('section[aria-labelledby="book-title"]');
      await book.getByRole('heading', { name: t(lang, 'workspaceCalendar.booking.book.title') }).waitFor();
      // The demo's only counselor is chosen already; their free times come by day.
      await book.getByLabel(t(lang, 'workspaceCalendar.booking.book.host')).locator('option:checked', { hasText: COUNSELOR }).waitFor({ state: 'attached' });
      const first = book.locator('.booking-day button').first();
      await first.waitFor();
      const time = (await first.innerText()).trim();
      await first.click();
      await s.page.waitForFunction(() => document.activeElement?.id === 'book-note');
      await book.getByLabel(t(lang, 'workspaceCalendar.booking.book.note')).fill(lang === 'en' ? 'Scholarships in Korea' : 'Солонгосын тэтгэлэг');
      const answer = s.page.waitForResponse((r) => r.url().endsWith('/api/booking/bookings') && r.request().method() === 'POST');
      await book.getByRole('button', { name: t(lang, 'workspaceCalendar.booking.book.confirm') }).click();
      const booked = await (await answer).json();
      assert.equal((await answer).status(), 201, JSON.stringify(booked));
      await book.getByRole('status').filter({ hasText: t(lang, 'workspaceCalendar.booking.book.done') }).waitFor();
      const mine = s.page.locator('#my-bookings');
      await mine.locator('li', { hasText: lang === 'en' ? 'Scholarships in Korea' : 'Солонгосын тэтгэлэг' }).waitFor();
      await noRawKeys(s.page);
      found.push(...(await axe(s.page, `${lang} booking (student)`)));

      // The calendar: the agenda lists it; the month moves by arrow keys, Enter opens a day.
      await s.page.goto(`${site.baseURL}/${lang}/dashboard/calendar`);
      await s.page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      const grid = s.page.getByRole('grid');
      await grid.waitFor();
      await grid.locator('.cal-chip').first().waitFor(); // the demo's events
      if (process.env.SHOTS) await s.page.screenshot({ path: `${process.env.SHOTS}/month-${lang}.png`, fullPage: true });
      await noRawKeys(s.page);
      const today = grid.locator('td[tabindex="0"]');
      const day = await today.getAttribute('data-day');
      await today.focus();
      await s.page.keyboard.press('ArrowRight');
      await s.page.waitForFunction((d) => document.activeElement?.dataset.day && document.activeElement.dataset.day !== d, day);
      const next = await s.page.evaluate(() => document.activeElement.dataset.day);
      await s.page.keyboard.press('ArrowDown');
      await s.page.waitForFunction((d) => document.activeElement?.dataset.day && document.activeElement.dataset.day !== d, next);
      const target = await s.page.evaluate(() => document.activeElement.dataset.day);
      await s.page.keyboard.press('Enter');
      const dialog = s.page.getByRole('dialog');
      await dialog.getByRole('button', { name: t(lang, 'workspaceCalendar.editor.newOn') }).waitFor();
      assert.ok(target > day, `moved from ${day} to ${target}`);
      await s.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await s.page.getByRole('button', { name: t(lang, 'workspaceCalendar.calendar.today') }).click();
      await s.page.getByRole('button', { name: t(lang, 'workspaceCalendar.calendar.views.agenda') }).click();
      await s.page.locator('.cal-agenda button', { hasText: COUNSELOR }).filter({ hasText: time }).first().waitFor();
      await noRawKeys(s.page);
      // The counselor's invitation (made through the API): the student accepts it.
      const invite = lang === 'en' ? 'Essay workshop' : 'Эссэ бичих дадлага';
      const api = await site.browser.newContext();
      await signInApi(api, site.baseURL, who('counselor'));
      const start = new Date(Date.now() + 26 * 3600e3);
      start.setUTCMinutes(0, 0, 0);
      const made = await api.request.post(`${site.baseURL}/api/calendar/events`, {
        headers: { 'Sec-Fetch-Site': 'same-origin' },
        data: { title: invite, start: start.toISOString(), end: new Date(start.getTime() + 3600e3).toISOString(), invitees: ['student@demo.gerege.mn'] },
      });
      assert.equal(made.status(), 201, await made.text());
      await api.close();
      await s.page.reload();
      await s.page.getByRole('grid').waitFor();
      await s.page.getByRole('button', { name: t(lang, 'workspaceCalendar.calendar.views.agenda') }).click();
      const chip = s.page.locator('.cal-agenda button', { hasText: invite });
      await chip.waitFor();
      await chip.click();
      await s.page.getByRole('dialog').getByRole('button', { name: t(lang, 'workspaceCalendar.editor.accept') }).click();
      await s.page.locator('.toast__message', { hasText: t(lang, 'workspaceCalendar.editor.responded') }).first().waitFor();
      await s.page.waitForFunction(() => document.getAnimations().length === 0); // the view buttons' colour transition
      found.push(...(await axe(s.page, `${lang} calendar`)));

      // Rescheduling: a second appointment at least 13 hours ahead (before the cut-off), with
      // the next time of the counselor free. On the desktop it is dragged 15 minutes down (off
      // the counselor's times: refused, put back, said) then 30 (the next time: moved); on the
      // phone ↓ moves it to the next time, sent once the keys rest. Then its dialog's time
      // field moves it back; a time off the counselor's grid is refused beside the field.
      const free = (await (await s.context.request.get(`${site.baseURL}/api/booking/hosts/${booked.hostId}/slots?days=14`)).json()).items;
      const pick = free.find((x) => Date.parse(x.start) > Date.now() + 13 * 3600e3 && free.some((y) => y.start === x.end));
      assert.ok(pick, 'a free time with a free next one');
      const second = await s.context.request.post(`${site.baseURL}/api/booking/bookings`, {
        headers: { 'Sec-Fetch-Site': 'same-origin' },
        data: { hostId: booked.hostId, start: pick.start, note: '' },
      });
      assert.equal(second.status(), 201, await second.text());
      const ubTime = (iso) => new Date(Date.parse(iso) + 8 * 3600e3).toISOString().slice(11, 16);
      const pickDay = new Date(Date.parse(pick.start) + 8 * 3600e3).toISOString().slice(0, 10);
      const moved = () => s.page.waitForResponse((r) => /\/api\/booking\/bookings\/\d+\/reschedule$/.test(r.url()));
      await s.page.reload();
      await s.page.getByRole('grid').waitFor();
      await s.page.getByRole('group', { name: t(lang, 'workspaceCalendar.calendar.viewLabel') }).getByRole('button', { name: t(lang, 'workspaceCalendar.calendar.views.day'), exact: true }).click();
      const col = s.page.locator(`.tg-col[data-col="${pickDay}"]`);
      await s.page.locator('.tg-col').waitFor();
      for (let i = 0; i < 14 && !(await col.count()); i++) {
        const shown = await s.page.locator('.tg-col').getAttribute('data-col');
        await s.page.getByRole('button', { name: t(lang, 'workspaceCalendar.calendar.next'), exact: true }).click();
        await s.page.waitForFunction((d) => document.querySelector('.tg-col')?.dataset.col > d, shown);
      }
      const appt = col.locator('.tg-ev', { hasText: COUNSELOR }).filter({ hasText: `${ubTime(pick.start)}–` });
      await appt.waitFor();
      if (lang === 'en') {
        const hour = (await col.boundingBox()).height / 24;
        // Picked up, the counselor's free times of the day are marked (asked once), the rest
        // dimmed, and it is said; let go, they go.
        let asks = 0;
        const count = (r) => /\/api\/booking\/bookings\/\d+\/slots\?/.test(r.url()) && asks++;
        s.page.on('request', count);
        const drag = async (dy) => {
          await appt.scrollIntoViewIfNeeded();
          const box = await appt.boundingBox();
          await s.page.mouse.move(box.x + box.width / 2, box.y + 4);
          await s.page.mouse.down();
          for (let i = 1; i <= 4; i++) await s.page.mouse.move(box.x + box.width / 2, box.y + 4 + (dy * i) / 4);
          await s.page.locator('.tg--picking .tg-free').first().waitFor();
          await s.page.locator('#cal-said', { hasText: t(lang, 'workspaceCalendar.calendar.freeShown') }).waitFor({ state: 'attached' });
          await s.page.mouse.up();
          await s.page.locator('.tg--picking').waitFor({ state: 'detached' });
        };
        // 15 minutes later is not a free time: back at once with the reason, nothing sent.
        let sent = false;
        const spy = (r) => /\/reschedule$/.test(r.url()) && (sent = true);
        s.page.on('request', spy);
        await drag(hour / 4);
        await s.page.locator('.toast__message', { hasText: t(lang, 'workspaceCalendar.calendar.appointmentBack') }).first().waitFor();
        await s.page.locator('#cal-said', { hasText: t(lang, 'workspaceCalendar.calendar.notFree') }).waitFor({ state: 'attached' });
        await appt.waitFor(); // back at its time
        s.page.off('request', spy);
        assert.equal(sent, false, 'a drop on a time that is not free was sent');
        const answer = moved();
        await drag(hour / 2);
        const r = await answer;
        s.page.off('request', count);
        assert.equal(asks, 2, 'the free times are asked for once a drag');
        assert.equal(r.status(), 200, await r.text());
        assert.equal(new Date(r.request().postDataJSON().start).toISOString(), new Date(pick.end).toISOString());
      } else {
        // By keys: the first ↓ picks it up (the free times marked and said) and goes to the next free time.
        await appt.focus();
        const answer = moved();
        await s.page.keyboard.press('ArrowDown');
        await s.page.locator('#cal-said', { hasText: `${ubTime(pick.end)}–` }).waitFor({ state: 'attached' });
        await s.page.locator('#cal-said', { hasText: t(lang, 'workspaceCalendar.calendar.freeShown') }).waitFor({ state: 'attached' });
        await s.page.locator('.tg--picking .tg-free').first().waitFor();
        const r = await answer;
        assert.equal(r.status(), 200, await r.text());
        assert.equal(new Date(r.request().postDataJSON().start).toISOString(), new Date(pick.end).toISOString());
      }
      await s.page.locator('.toast__message', { hasText: t(lang, 'workspaceCalendar.calendar.appointmentMoved') }).first().waitFor();
      const there = col.locator('.tg-ev', { hasText: COUNSELOR }).filter({ hasText: `${ubTime(pick.end)}–` });
      await there.click();
      const form = s.page.getByRole('dialog').getByRole('form', { name: t(lang, 'workspaceCalendar.editor.moveTitle') });
      await form.getByLabel(t(lang, 'workspaceCalendar.editor.moveStart')).fill('03:10');
      let sent = moved();
      await form.getByRole('button', { name: t(lang, 'workspaceCalendar.editor.moveSubmit') }).click();
      assert.equal((await sent).status(), 422);
      await form.locator('.field__error', { hasText: t(lang, 'workspaceCalendar.errors.outside') }).waitFor();
      await s.page.waitForFunction(() => document.activeElement?.id.startsWith('move-start-'));
      await form.getByLabel(t(lang, 'workspaceCalendar.editor.moveStart')).fill(ubTime(pick.start));
      sent = moved();
      await form.getByRole('button', { name: t(lang, 'workspaceCalendar.editor.moveSubmit') }).click();
      assert.equal((await sent).status(), 200);
      await s.page.locator('.toast__message', { hasText: t(lang, 'workspaceCalendar.calendar.appointmentMoved') }).first().waitFor();
      await appt.waitFor();
      await noRawKeys(s.page);

      // The counselor's day (the appointment's day in Ulaanbaatar).
      const c = await open('counselor', viewport, `/${lang}/dashboard/booking`, scheme);
      const ubDay = new Date(new Date(booked.start).getTime() + 8 * 3600e3).toISOString().slice(0, 10);
      const daySection = c.page.locator('section[aria-labelledby="day-title"]');
      await daySection.getByRole('heading', { name: t(lang, 'workspaceCalendar.booking.day.title') }).waitFor();
      await daySection.getByLabel(t(lang, 'workspaceCalendar.booking.day.date')).fill(ubDay);
      await daySection.getByRole('button', { name: t(lang, 'workspaceCalendar.booking.day.show') }).click();
      await daySection.locator('li', { hasText: tf(lang, 'workspaceCalendar.booking.day.student', { name: STUDENT }) }).filter({ hasText: time }).first().waitFor();
      // The counselor may move it too: the appointment's "move" opens its time field.
      const theirs = daySection.locator('li', { hasText: tf(lang, 'workspaceCalendar.booking.day.student', { name: STUDENT }) }).filter({ hasText: time }).first();
      await theirs.getByRole('button', { name: t(lang, 'workspaceCalendar.editor.moveTitle') }).click();
      await theirs.getByRole('form', { name: t(lang, 'workspaceCalendar.editor.moveTitle') }).getByLabel(t(lang, 'workspaceCalendar.editor.moveStart')).waitFor();
      await c.page.getByRole('heading', { name: t(lang, 'workspaceCalendar.booking.availability.title') }).waitFor();
      await noRawKeys(c.page);
      found.push(...(await axe(c.page, `${lang} booking (counselor)`)));

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(s.problems, /status of 422/, /HTTP 422: .*\/reschedule$/), []);
      assert.deepEqual(unexpected(c.problems), []);
      await s.context.close();
      await c.context.close();
    });
  }
});
