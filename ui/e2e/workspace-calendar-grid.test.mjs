// The calendar's hour grids, as a person uses them, in Ulaanbaatar's time zone: a new account's
// own event is dragged to another day and hour, its bottom edge dragged to change its end,
// moved and resized by the keyboard (announced), a drag cancelled with Escape, a refused change
// rolled back with a message, and empty hours dragged over to create an event. English on a
// desktop (week), Mongolian on a phone (the week shown a day at a time, dark mode). axe, no raw
// keys, no sideways scrolling, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, tf, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { registerApi, signInApi } from './auth-helpers.mjs';

const site = useSite();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };
const K = 'workspaceCalendar.calendar';
const E = 'workspaceCalendar.editor';
const HOUR = 3600e3;
/** The instant of a day's local time in Ulaanbaatar (UTC+8, no daylight saving). */
const ub = (day, hh, mm = 0) => new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`).toISOString();

/** Presses the mouse at (x, y), moves in steps to (x + dx, y + dy), and releases (or, with beforeUp, runs it first). */
async function drag(page, x, y, dx, dy, beforeUp) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(x + (dx * i) / 6, y + (dy * i) / 6);
  if (beforeUp) await beforeUp();
  await page.mouse.up();
}

/**
 * A finger on the phone, as pointer events of pointerType touch: pressed at (x, y) (hold: kept
 * still until the item lifts), moved in steps by dy, and lifted.
 */
async function touchDrag(page, x, y, dy, hold = true) {
  const fire = (type, cy) =>
    page.evaluate(
      ([type, x, y]) => {
        if (type === 'pointerdown') window.__touched = document.elementFromPoint(x, y);
        const init = { bubbles: true, cancelable: true, composed: true, pointerId: 7, pointerType: 'touch', isPrimary: true, button: type === 'pointermove' ? -1 : 0, buttons: type === 'pointerup' ? 0 : 1, clientX: x, clientY: y };
        window.__touched.dispatchEvent(new PointerEvent(type, init));
      },
      [type, x, cy],
    );
  await fire('pointerdown', y);
  if (hold) await page.locator('.tg-dragging').waitFor();
  for (let i = 1; i <= 4; i++) await fire('pointermove', y + (dy * i) / 4);
  await fire('pointerup', y + dy);
}

describe('calendar hour grids', () => {
  for (const [lang, viewport, scheme] of [
    ['en', DESKTOP, 'light'],
    ['mn', PHONE, 'dark'],
  ]) {
    it(`moves, resizes and creates events by mouse and keyboard (${lang}, ${viewport.width}px)`, async () => {
      const user = await registerApi(site.baseURL, { email: `grid.${lang}@example.test`, firstName: 'Anu', lastName: 'Bold' });
      const context = await site.browser.newContext({ viewport, colorScheme: scheme, timezoneId: 'Asia/Ulaanbaatar', hasTouch: lang === 'mn' });
      await signInApi(context, site.baseURL, user);
      await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}/dashboard/calendar`);
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      const views = page.getByRole('group', { name: t(lang, `${K}.viewLabel`) });
      if (lang === 'en') await views.getByRole('button', { name: t(lang, `${K}.views.week`) }).click();
      else {
        assert.equal(await views.getByRole('button', { name: t(lang, `${K}.views.week`) }).count(), 0, 'a phone has no week view');
        await views.getByRole('button', { name: t(lang, `${K}.views.day`) }).click();
      }
      await page.locator('.tg-col').first().waitFor();
      const cols = await page.locator('.tg-col').evaluateAll((els) => els.map((e) => e.dataset.col));
      assert.equal(cols.length, lang === 'en' ? 7 : 1);
      // The event, on a day of the view with another beside it (the desktop), 10:00–11:00.
      const i = lang === 'en' ? Math.min(cols.indexOf(new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10)), 5) : 0;
      const day = cols[Math.max(i, 0)];
      const title = lang === 'en' ? 'Essay draft' : 'Эссэний ноорог';
      const made = await context.request.post(`${site.baseURL}/api/calendar/events`, {
        headers: { 'Sec-Fetch-Site': 'same-origin' },
        data: { title, start: ub(day, 10), end: ub(day, 11) },
      });
      assert.equal(made.status(), 201, await made.text());
      await page.reload();
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      if (lang === 'en') await views.getByRole('button', { name: t(lang, `${K}.views.week`) }).click();
      else await views.getByRole('button', { name: t(lang, `${K}.views.day`) }).click();
      const ev = page.locator('.tg-ev', { hasText: title });
      await ev.waitFor();
      const col = await page.locator('.tg-col').first().boundingBox();
      const hour = col.height / 24;
      const saved = () => page.waitForResponse((r) => /\/api\/calendar\/events\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
      const put = async (action) => {
        const answer = saved();
        await action();
        const r = await answer;
        assert.equal(r.status(), 200, await r.text());
        const sent = r.request().postDataJSON();
        return { ...sent, start: new Date(sent.start).toISOString(), end: new Date(sent.end).toISOString() };
      };

      // Drag to another hour (and, on the desktop, the next day): 11:00–12:00.
      let box = await ev.boundingBox();
      const next = lang === 'en' ? cols[cols.indexOf(day) + 1] : day;
      let body = await put(() => drag(page, box.x + box.width / 2, box.y + box.height / 2, lang === 'en' ? col.width : 0, hour));
      assert.deepEqual([body.start, body.end], [ub(next, 11), ub(next, 12)]);
      assert.equal(body.title, title);
      // Drag the bottom edge an hour and a half down: the end is 13:30.
      box = await ev.boundingBox();
      body = await put(() => drag(page, box.x + box.width / 2, box.y + box.height - 2, 0, 1.5 * hour));
      assert.deepEqual([body.start, body.end], [ub(next, 11), ub(next, 13, 30)]);
      await page.waitForFunction(() => document.querySelector('.tg-ev .cal-time')?.textContent === '11:00–13:30');

      // Escape cancels a drag: nothing is sent, the event stays, and it is said.
      box = await ev.boundingBox();
      let sent = false;
      const spy = (r) => r.method() === 'PUT' && (sent = true);
      page.on('request', spy);
      await drag(page, box.x + box.width / 2, box.y + box.height / 2, 0, 2 * hour, () => page.keyboard.press('Escape'));
      await page.locator('#cal-said', { hasText: t(lang, `${K}.dragCancelled`) }).waitFor({ state: 'attached' });
      page.off('request', spy);
      assert.equal(sent, false, 'a cancelled drag sent a change');
      assert.equal(await ev.locator('.cal-time').innerText(), '11:00–13:30');

      // The keyboard: down moves by 15 minutes, Shift+down lengthens by 15, the focus stays.
      await ev.focus();
      body = await put(() => page.keyboard.press('ArrowDown'));
      assert.deepEqual([body.start, body.end], [ub(next, 11, 15), ub(next, 13, 45)]);
      await page.locator('#cal-said', { hasText: tf(lang, `${K}.movedTo`, { date: '', from: '11:15', to: '13:45' }).split(', ')[1] }).waitFor({ state: 'attached' });
      await page.waitForFunction(() => document.activeElement?.classList.contains('tg-ev'));
      body = await put(() => page.keyboard.press('Shift+ArrowDown'));
      assert.deepEqual([body.start, body.end], [ub(next, 11, 15), ub(next, 14)]);
      await page.locator('#cal-said', { hasText: tf(lang, `${K}.resizedTo`, { time: '14:00' }) }).waitFor({ state: 'attached' });
      if (lang === 'en') {
        body = await put(() => page.keyboard.press('ArrowLeft')); // back to the day before
        assert.deepEqual([body.start, body.end], [ub(day, 11, 15), ub(day, 14)]);
        await page.waitForFunction((d) => document.activeElement?.closest('.tg-col')?.dataset.col === d, day);
      } else {
        // The day view follows an event moved to the next day, and the event keeps the focus.
        const tomorrow = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
        body = await put(() => page.keyboard.press('ArrowRight'));
        assert.deepEqual([body.start, body.end], [ub(tomorrow, 11, 15), ub(tomorrow, 14)]);
        await page.waitForFunction((d) => document.activeElement?.closest('.tg-col')?.dataset.col === d, tomorrow);
      }

      // A refused change is rolled back, with a message.
      await page.route(/\/api\/calendar\/events\/\d+$/, (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 'not_found', message: 'Not found.' }) }),
      );
      await page.waitForFunction(() => document.activeElement?.classList.contains('tg-ev'));
      await page.keyboard.press('ArrowUp');
      await page.locator('.toast__message', { hasText: t(lang, `${K}.rolledBack`) }).first().waitFor();
      await page.waitForFunction(() => document.querySelector('.tg-ev .cal-time')?.textContent === '11:15–14:00');
      await page.unroute(/\/api\/calendar\/events\/\d+$/);

      // The start: Alt+up moves it 15 minutes earlier, the end stays (said); then the top edge by
      // the mouse (desktop) or, on the phone, a finger: touch and hold lifts the event (said), it
      // drags an hour up; held on its top edge, it moves the start; a quick swipe only scrolls.
      const on = lang === 'en' ? day : new Date(Date.parse(`${day}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
      await page.waitForFunction(() => document.activeElement?.classList.contains('tg-ev'));
      body = await put(() => page.keyboard.press('Alt+ArrowUp'));
      assert.deepEqual([body.start, body.end], [ub(on, 11), ub(on, 14)]);
      await page.locator('#cal-said', { hasText: tf(lang, `${K}.startTo`, { time: '11:00' }) }).waitFor({ state: 'attached' });
      await ev.scrollIntoViewIfNeeded();
      box = await ev.boundingBox();
      if (lang === 'en') {
        body = await put(() => drag(page, box.x + box.width / 2, box.y + 2, 0, hour));
        assert.deepEqual([body.start, body.end], [ub(on, 12), ub(on, 14)]);
      } else {
        assert.deepEqual(
          await page.evaluate(() => [getComputedStyle(document.querySelector('.tg-own')).touchAction, getComputedStyle(document.querySelector('.tg-grip')).touchAction, getComputedStyle(document.querySelector('.tg-body')).touchAction]),
          ['pan-x pan-y', 'none', 'auto'],
          'only the events and their edges keep the page from scrolling',
        );
        body = await put(() => touchDrag(page, box.x + box.width / 2, box.y + box.height / 2, -hour));
        assert.deepEqual([body.start, body.end], [ub(on, 10), ub(on, 13)]);
        await page.locator('#cal-said', { hasText: t(lang, `${K}.movedTo`).slice(0, 6) }).waitFor({ state: 'attached' });
        await page.waitForFunction(() => document.querySelector('.tg-ev .cal-time')?.textContent === '10:00–13:00');
        box = await ev.boundingBox();
        body = await put(() => touchDrag(page, box.x + box.width / 2, box.y + 3, hour / 2));
        assert.deepEqual([body.start, body.end], [ub(on, 10, 30), ub(on, 13)]);
        await page.waitForFunction(() => document.querySelector('.tg-ev .cal-time')?.textContent === '10:30–13:00');
        let sent = false;
        const spy = (r) => r.method() === 'PUT' && (sent = true);
        page.on('request', spy);
        box = await ev.boundingBox();
        await touchDrag(page, box.x + box.width / 2, box.y + box.height / 2, hour, false);
        await page.waitForTimeout(500); // longer than the hold: a swipe never lifts the event
        page.off('request', spy);
        assert.equal(sent, false, 'a swipe moved the event');
        assert.equal(await page.locator('.tg-dragging').count(), 0);
      }

      // Drag over empty hours (09:00 to 10:30 of the first day): the form opens with that span.
      await page.evaluate(() => {
        const hours = document.querySelector('.tg-body');
        hours.scrollIntoView({ block: 'center' });
        hours.scrollTop = hours.querySelector('.tg-col').offsetHeight / 3; // 08:00
      });
      const first = await page.locator('.tg-col').first().boundingBox();
      const [x, y] = [first.x + first.width / 4, first.y + 9 * hour + 2];
      assert.ok(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.classList.contains('tg-col'), [x, y]), 'empty hours at 09:00');
      await drag(page, x, y, 0, 1.5 * hour);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t(lang, `${E}.fields.startTime`)).waitFor();
      assert.equal(await dialog.getByLabel(t(lang, `${E}.fields.startTime`)).inputValue(), '09:00');
      assert.equal(await dialog.getByLabel(t(lang, `${E}.fields.endTime`)).inputValue(), '10:30');
      assert.equal(await dialog.getByLabel(t(lang, `${E}.fields.start`)).inputValue(), await page.locator('.tg-col').first().getAttribute('data-col'));
      await page.keyboard.press('Escape');
      // Closed (hidden at once), then gone: the dialog gives the focus back to what opened it
      // on its "close" event, a task later; the chooser is focused after that, not before.
      await page.locator('dialog[aria-labelledby="cal-edit-title"]').waitFor({ state: 'detached' });

      // An empty time by keyboard: the time chooser before the hours (a slider; its box in the
      // grid), Page Down an hour and down 15 minutes from 09:00, Enter: the form at 10:15 for an hour.
      const chooser = page.getByRole('slider', { name: t(lang, `${K}.chooseLabel`) });
      await chooser.focus();
      await page.locator('.tg-chosen').waitFor();
      const valueIs = (v) => page.waitForFunction((v) => document.querySelector('[role=slider]')?.getAttribute('aria-valuenow') === v, v);
      await chooser.press('PageDown');
      await valueIs('600');
      await chooser.press('ArrowDown');
      await valueIs('615');
      assert.match(await chooser.getAttribute('aria-valuetext'), /, 10:15$/);
      const chosenDay = await page.locator('.tg-chosen').evaluate((el) => el.closest('.tg-col').dataset.col);
      await chooser.press('Enter');
      await dialog.getByLabel(t(lang, `${E}.fields.startTime`)).waitFor();
      assert.deepEqual(
        [await dialog.getByLabel(t(lang, `${E}.fields.start`)).inputValue(), await dialog.getByLabel(t(lang, `${E}.fields.startTime`)).inputValue(), await dialog.getByLabel(t(lang, `${E}.fields.endTime`)).inputValue()],
        [chosenDay, '10:15', '11:15'],
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      if (lang === 'mn') {
        // A finger's tap on empty hours (09:45): the form at the half hour, for an hour.
        await page.touchscreen.tap(x, y + 0.75 * hour);
        await dialog.getByLabel(t(lang, `${E}.fields.startTime`)).waitFor();
        assert.equal(await dialog.getByLabel(t(lang, `${E}.fields.startTime`)).inputValue(), '09:30');
        assert.equal(await dialog.getByLabel(t(lang, `${E}.fields.endTime`)).inputValue(), '10:30');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }

      const text = await page.locator('main').innerText();
      assert.ok(!/workspaceCalendar\./.test(text), `raw keys: ${text.slice(0, 300)}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `sideways scrolling (${width}px)`);
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/grid-${lang}.png`, fullPage: true });
      await page.waitForFunction(() => document.getAnimations().length === 0);
      assert.deepEqual(await axe(page, `${lang} calendar hour grid`), []);
      assert.deepEqual(unexpected(problems, /status of 404/, /HTTP 404: .*\/api\/calendar\/events\/\d+$/), []);
      await context.close();
    });
  }
});
