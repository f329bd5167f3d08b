// The Direction Board career test end to end, in English and Mongolian: start, answer,
// Previous/Next, reload and continue, 'Please fill out all answers', finish with the
// confirmation, results, email (read back from the outbox as the admin), the shared link, a
// signed-in person's earlier results, the admin's statistics, and axe on every screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AXE_OPTIONS,
  adminContext,
  answerAllByApi,
  answerByApi,
  axe,
  axeContext,
  button,
  content,
  createAdmin,
  expectQuestion,
  legend,
  minutesLeftPattern,
  outbox,
  outboxEmail,
  plural,
  radio,
  serverAttempt,
  tf,
  unexpected,
  waitForSaved,
} from './board-helpers.mjs';
import { AXE, focused, t, urlOf, useSite, watch } from './harness.mjs';

const site = useSite({ setup: createAdmin });
const langs = ['en', 'mn'];

/** What each language's taker got, for the tests after the flow. */
const taken = {};

describe('the career test, start to finish', () => {
  for (const lang of langs) {
    it(`works in ${lang}, keyboard and mouse, across a reload`, async () => {
      const { baseURL, browser } = site;
      const items = content(lang).items;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watch(page, baseURL);

      // The introduction, prerendered and then live.
      await page.goto(`${baseURL}${urlOf(lang, '/direction-board')}`);
      assert.equal(await page.locator('h1').count(), 1);
      assert.equal((await page.locator('h1').textContent()).trim(), content(lang).title);
      await page.getByText(plural(lang, 'directionBoard.intro.timeLimit', 20), { exact: true }).waitFor();
      await page.getByText(t(lang, 'directionBoard.privacy')).first().waitFor();
      for (const line of content(lang).instructions) await page.getByText(line, { exact: true }).waitFor();

      // Start: the first statement, the progress, the time; focus on the first answer.
      await button(page, lang, 'directionBoard.intro.start').click();
      await expectQuestion(page, lang, 0);
      assert.match((await page.locator('.board-bar__time').textContent()).trim(), minutesLeftPattern(lang));
      await focused(page.locator(`#q-${items[0].id}-1`));

      // Keyboard only: arrows choose (natively), Tab reaches Next, Enter moves on.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      assert.ok(await radio(page, lang, 3).isChecked(), 'arrow keys choose in the radio group');
      await page.keyboard.press('Tab');
      await focused(button(page, lang, 'directionBoard.test.next'));
      await page.keyboard.press('Enter');
      await expectQuestion(page, lang, 1);

      // Mouse: answer two more.
      await radio(page, lang, 2).check();
      await button(page, lang, 'directionBoard.test.next').click();
      await expectQuestion(page, lang, 2);
      await radio(page, lang, 5).check();

      // Previous and Next keep the answers.
      await button(page, lang, 'directionBoard.test.previous').click();
      await expectQuestion(page, lang, 1);
      assert.ok(await radio(page, lang, 2).isChecked());
      await button(page, lang, 'directionBoard.test.previous').click();
      await expectQuestion(page, lang, 0);
      assert.ok(await radio(page, lang, 3).isChecked());
      await button(page, lang, 'directionBoard.test.next').click();
      await button(page, lang, 'directionBoard.test.next').click();
      await expectQuestion(page, lang, 2);
      assert.ok(await radio(page, lang, 5).isChecked());

      // The server has them (saved as they were chosen) …
      const saved = await waitForSaved(page, baseURL, 3);
      assert.deepEqual(saved, { [items[0].id]: 3, [items[1].id]: 2, [items[2].id]: 5 });

      // … so a reload loses nothing: Continue, with minutes left, back at the first unanswered.
      await page.reload();
      await page.getByText(tf(lang, 'directionBoard.intro.inProgress', { answered: 3, total: items.length }), { exact: false }).waitFor();
      assert.match(await page.locator('.board-resume p').first().textContent(), new RegExp(minutesLeftPattern(lang).source.slice(1, -1)));
      await button(page, lang, 'directionBoard.intro.continue').click();
      await expectQuestion(page, lang, 3);
      await button(page, lang, 'directionBoard.test.previous').click();
      await expectQuestion(page, lang, 2);
      assert.ok(await radio(page, lang, 5).isChecked(), 'answers restored from the server');

      // Finish too early: the fixed message, and focus on the first unanswered question's first answer.
      await button(page, lang, 'directionBoard.test.finish').click();
      const alert = page.getByRole('alert').filter({ hasText: t(lang, 'directionBoard.errors.unanswered') });
      await alert.waitFor();
      assert.equal(t(lang, 'directionBoard.errors.unanswered'), lang === 'en' ? 'Please fill out all answers' : 'Бүх асуултад хариулна уу');
      await expectQuestion(page, lang, 3);
      await focused(page.locator(`#q-${items[3].id}-1`));

      // Answer the rest. In English every question the mouse way; in Mongolian (the same screens
      // with other words) all but the last through the API, then the last on the page, reached
      // by Continue after a reload.
      if (lang === 'en') {
        for (let i = 3; i < items.length; i++) {
          await expectQuestion(page, lang, i);
          await radio(page, lang, (i % 5) + 1).check();
          if (i < items.length - 1) await button(page, lang, 'directionBoard.test.next').click();
        }
      } else {
        await answerByApi(page, baseURL, lang, 3, items.length - 1);
        await page.reload();
        await button(page, lang, 'directionBoard.intro.continue').click();
        await expectQuestion(page, lang, items.length - 1);
        await radio(page, lang, (items.length - 1) % 5 + 1).check();
      }
      assert.equal(await button(page, lang, 'directionBoard.test.next').count(), 0, 'no Next on the last question');

      // Finish with time left: the confirmation dialog; Keep going closes it, Finish now finishes.
      await button(page, lang, 'directionBoard.test.finish').click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'directionBoard.test.confirmTitle') });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: t(lang, 'directionBoard.test.confirmCancel'), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await button(page, lang, 'directionBoard.test.finish').click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: t(lang, 'directionBoard.test.confirmFinish'), exact: true }).click();
      await page.waitForURL(`**${urlOf(lang, '/direction-board/result')}`);

      // The results: the code large, the chart, the table, the three types, the way on.
      await page.locator('h1').filter({ hasText: t(lang, 'directionBoard.pages.result.title') }).waitFor();
      const attempt = await serverAttempt(page, baseURL);
      assert.equal(attempt.finished, true);
      const result = await (await page.request.get(`${baseURL}/api/direction-board/attempts/${attempt.id}/result`)).json();
      assert.match(result.code, /^[RIASEC]{3}$/);
      assert.equal((await page.locator('.board-code__value').textContent()).trim(), result.code);
      const chart = page.locator('svg[role="img"]');
      assert.ok((await chart.getAttribute('aria-label')).startsWith(tf(lang, 'directionBoard.result.chartLabel', { scores: '' })));
      assert.equal(await chart.locator('rect.bar-fill').count(), 6);
      const rows = await page.locator('.score-chart table tbody tr').evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th').textContent, Number(tr.querySelector('td').textContent)]),
      );
      assert.deepEqual(rows, result.types.map((ty) => [`${ty.name} (${ty.type})`, ty.score]));
      for (const ty of result.types.slice(0, 3)) {
        await page.getByRole('heading', { level: 3, name: `${ty.name} (${ty.type})` }).waitFor();
        await page.getByText(ty.careers[0], { exact: true }).first().waitFor();
      }
      assert.equal(await page.locator('.board-unanswered').count(), 0, 'nothing unanswered');
      assert.equal(await page.getByRole('link', { name: t(lang, 'directionBoard.result.opportunities') }).getAttribute('href'), urlOf(lang, `/opportunities?holland=${result.code}`));
      await page.getByText(t(lang, 'directionBoard.privacy')).first().waitFor();
      assert.equal(await page.locator('h1').count(), 1);

      // Email: without consent the server's message sits beside the checkbox, which gets focus.
      const address = `taker-${lang}@example.test`;
      await page.getByLabel(t(lang, 'directionBoard.email.label'), { exact: true }).fill(address);
      await button(page, lang, 'directionBoard.email.send').click();
      const consent = page.getByRole('checkbox', { name: t(lang, 'directionBoard.email.consent') });
      await page.locator('#board-consent-error').filter({ hasText: t(lang, 'directionBoard.errors.consent') }).waitFor();
      assert.equal(await consent.getAttribute('aria-invalid'), 'true');
      await focused(consent);
      await consent.check();
      await button(page, lang, 'directionBoard.email.send').click();
      await page.waitForURL(`**${urlOf(lang, '/direction-board/sent')}`);
      await page.locator('h1').filter({ hasText: t(lang, 'directionBoard.pages.sent.title') }).waitFor();
      await page.getByText(t(lang, 'directionBoard.email.sent')).waitFor();

      // The email, read back from the outbox as the admin: the code in the subject, the link in the text.
      const admin = await adminContext(browser, baseURL);
      const mails = (await outbox(admin, baseURL)).filter((e) => e.to === address);
      assert.equal(mails.length, 1);
      assert.equal(mails[0].lang, lang);
      assert.ok(mails[0].subject.includes(result.code), `subject "${mails[0].subject}" has the code`);
      const mail = await outboxEmail(admin, baseURL, mails[0].id);
      const link = urlOf(lang, `/direction-board/results/${result.resultToken}`);
      assert.ok(mail.text.includes(link), `the text has the results link ${link}`);

      // Back to the results; a second email only when asked for again.
      await page.getByRole('link', { name: t(lang, 'directionBoard.email.back') }).click();
      await page.waitForURL(`**${urlOf(lang, '/direction-board/result')}`);
      await page.getByLabel(t(lang, 'directionBoard.email.label'), { exact: true }).fill(address);
      await page.getByRole('checkbox', { name: t(lang, 'directionBoard.email.consent') }).check();
      await button(page, lang, 'directionBoard.email.send').click();
      await page.getByRole('alert').filter({ hasText: t(lang, 'directionBoard.errors.alreadySent') }).waitFor();
      await button(page, lang, 'directionBoard.email.again').click();
      await page.waitForURL(`**${urlOf(lang, '/direction-board/sent')}`);
      assert.equal((await outbox(admin, baseURL)).filter((e) => e.to === address).length, 2);
      await admin.close();

      // The introduction now offers the result and another go.
      await page.goto(`${baseURL}${urlOf(lang, '/direction-board')}`);
      await page.getByRole('link', { name: t(lang, 'directionBoard.intro.seeResult') }).waitFor();
      await button(page, lang, 'directionBoard.intro.again').waitFor();

      assert.deepEqual(unexpected(problems, [409, 422]), []);
      taken[lang] = { code: result.code, token: result.resultToken, link };
      await context.close();
    });
  }
});

describe('the shared link', () => {
  for (const lang of langs) {
    it(`opens in a fresh browser in ${lang}`, async () => {
      const { baseURL, browser } = site;
      assert.ok(taken[lang], 'the flow ran first');
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const problems = watch(page, baseURL);
      await page.goto(`${baseURL}${taken[lang].link}`);
      await page.locator('h1').filter({ hasText: t(lang, 'directionBoard.pages.shared.title') }).waitFor();
      await page.locator('.board-code__value').filter({ hasText: taken[lang].code }).waitFor();
      assert.equal(await page.locator('svg[role="img"] rect.bar-fill').count(), 6);
      assert.equal(await page.locator('.score-chart table tbody tr').count(), 6);
      assert.equal(await page.locator('input[type="email"]').count(), 0, 'no email form on a shared link');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `no sideways scrolling (${width}px)`);
      assert.deepEqual(unexpected(problems), []);

      // A wrong link says so.
      await page.goto(`${baseURL}${urlOf(lang, '/direction-board/results/no-such-token')}`);
      await page.getByRole('heading', { name: t(lang, 'directionBoard.result.notFound.title') }).waitFor();
      await context.close();
    });
  }
});

describe('signed in', () => {
  it('lists earlier results; the admin sees the statistics', async () => {
    const { baseURL, browser } = site;
    const context = await adminContext(browser, baseURL, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watch(page, baseURL);

    // Two finished tests, taken through the API with the admin's session.
    for (let n = 0; n < 2; n++) {
      const start = await context.request.post(`${baseURL}/api/direction-board/attempts`);
      assert.equal(start.status(), 201, await start.text());
      await answerAllByApi(page, baseURL, 'en');
      const { id } = await start.json();
      const finish = await context.request.post(`${baseURL}/api/direction-board/attempts/${id}/finish`, { data: { confirm: true } });
      assert.equal(finish.status(), 200, await finish.text());
    }
    const mine = await (await context.request.get(`${baseURL}/api/account/direction-board`)).json();
    assert.equal(mine.results.length, 2);

    await page.goto(`${baseURL}/en/direction-board/result`);
    const past = page.getByRole('region', { name: t('en', 'directionBoard.past.title') });
    await past.waitFor();
    assert.equal(await past.getByRole('link').count(), 1, 'the earlier one (the latest is on the page)');
    await page.goto(`${baseURL}/en/direction-board`);
    await page.getByRole('region', { name: t('en', 'directionBoard.past.title') }).getByRole('link').nth(1).waitFor();
    await page.getByRole('region', { name: t('en', 'directionBoard.past.title') }).getByRole('link').first().click();
    await page.waitForURL(`**/en/direction-board/results/${mine.results[0].resultToken}`);
    await page.locator('.board-code__value').filter({ hasText: mine.results[0].code }).waitFor();

    // The profile lists them too, newest first, each linking to its result.
    await page.goto(`${baseURL}/en/dashboard/user/profile`);
    const onProfile = page.getByRole('region', { name: t('en', 'dashboard.profile.results.title') });
    await onProfile.locator(`a[href="/en/direction-board/results/${mine.results[1].resultToken}"]`).waitFor();
    assert.equal(await onProfile.locator('a[href^="/en/direction-board/results/"]').count(), 2);
    assert.equal(
      await onProfile.locator('a[href^="/en/direction-board/results/"]').first().getAttribute('href'),
      `/en/direction-board/results/${mine.results[0].resultToken}`,
    );

    // The statistics: en has the flow's test and the admin's two, mn one.
    for (const lang of langs) {
      await page.goto(`${baseURL}${urlOf(lang, '/dashboard/admin/direction-board')}`);
      await page.locator('h1').filter({ hasText: t(lang, 'dashboard.directionBoard.title') }).waitFor();
      const stat = (name) => page.locator(`[data-stat="${name}"]`).textContent();
      await page.locator('[data-stat="started"]').waitFor();
      const api = await (await context.request.get(`${baseURL}/api/admin/direction-board/stats`)).json();
      assert.equal(await stat('started'), String(api.started));
      assert.equal(await stat('finished'), String(api.finished));
      assert.equal(await stat('finishRate'), `${Math.round(api.finishRate * 100)}%`);
      assert.ok(api.started >= 4 && api.finished >= 4, JSON.stringify(api));
      const byLanguage = page.getByRole('region', { name: t(lang, 'dashboard.directionBoard.byLanguageCaption') });
      for (const [l, { started, finished }] of Object.entries(api.byLanguage)) {
        const rate = `${Math.round((finished / started) * 100)}%`;
        const name = `${t(lang, `dashboard.directionBoard.languages.${l}`)} ${started} ${finished} ${rate}`;
        await byLanguage.getByRole('row', { name, exact: true }).waitFor();
      }
      const codes = page.getByRole('region', { name: t(lang, 'dashboard.directionBoard.codesCaption') });
      for (const c of api.codes) await codes.getByRole('row', { name: new RegExp(`^${c.code} ${c.count}$`) }).waitFor();
      await codes.getByRole('rowheader', { name: taken.en.code, exact: true }).waitFor();
      // The period selector asks again.
      const asked = page.waitForRequest((r) => r.url().endsWith('/api/admin/direction-board/stats?days=30'));
      await page.getByLabel(t(lang, 'dashboard.directionBoard.period')).selectOption('30');
      await asked;
      await page.locator('[data-stat="started"]').filter({ hasText: String(api.started) }).waitFor();
      assert.equal(await page.locator('h1').count(), 1);
    }
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });
});

describe('axe-core on every screen of the test', () => {
  const views = [
    { name: 'desktop', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
    { name: 'phone', viewport: { width: 360, height: 740 }, colorScheme: 'light' },
    { name: 'desktop dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  ];
  for (const lang of langs) {
    // Dark is about colours, which do not depend on the language: seen dark in Mongolian only
    // (the page sweeps see the rest of the pages dark in both languages).
    for (const view of views.filter((v) => lang === 'mn' || v.colorScheme !== 'dark')) {
      it(`no serious or critical violation in ${lang} (${view.name})`, async () => {
        const { baseURL, browser } = site;
        const context = await axeContext(browser, { viewport: view.viewport, colorScheme: view.colorScheme });
        const page = await context.newPage();
        const problems = watch(page, baseURL);
        const found = [];
        const scan = async (screen) => {
          found.push(...(await axe(page)).map((v) => `${screen}: ${v}`));
          assert.equal(await page.locator('h1').count(), 1, `${screen}: one h1`);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= view.viewport.width, `${screen}: no sideways scrolling (${width}px)`);
        };

        await page.goto(`${baseURL}${urlOf(lang, '/direction-board/result')}`);
        await page.getByRole('heading', { name: t(lang, 'directionBoard.result.none.title') }).waitFor();
        await scan('result, none yet');
        await page.goto(`${baseURL}${urlOf(lang, '/direction-board')}`);
        await button(page, lang, 'directionBoard.intro.start').waitFor();
        await scan('introduction');
        await button(page, lang, 'directionBoard.intro.start').click();
        await expectQuestion(page, lang, 0);
        await radio(page, lang, 4).check();
        await scan('question');
        await button(page, lang, 'directionBoard.test.finish').click();
        await page.getByRole('alert').filter({ hasText: t(lang, 'directionBoard.errors.unanswered') }).waitFor();
        await scan('unanswered');
        await waitForSaved(page, baseURL, 1);
        await answerAllByApi(page, baseURL, lang);
        await page.reload();
        await button(page, lang, 'directionBoard.intro.continue').click();
        await expectQuestion(page, lang, content(lang).items.length - 1);
        await button(page, lang, 'directionBoard.test.finish').click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'directionBoard.test.confirmTitle') });
        await dialog.waitFor();
        assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus in the dialog');
        await scan('confirmation');
        await dialog.getByRole('button', { name: t(lang, 'directionBoard.test.confirmFinish'), exact: true }).click();
        await page.waitForURL(`**${urlOf(lang, '/direction-board/result')}`);
        await page.locator('.board-code__value').waitFor();
        await scan('result');
        await button(page, lang, 'directionBoard.email.send').click();
        await page.locator('#board-email-error').waitFor();
        await scan('email errors');
        await page.getByLabel(t(lang, 'directionBoard.email.label'), { exact: true }).fill(`axe-${lang}@example.test`);
        await page.getByRole('checkbox', { name: t(lang, 'directionBoard.email.consent') }).check();
        await button(page, lang, 'directionBoard.email.send').click();
        await page.waitForURL(`**${urlOf(lang, '/direction-board/sent')}`);
        await page.getByText(t(lang, 'directionBoard.email.sent')).waitFor();
        await scan('sent');
        const { resultToken } = await serverAttempt(page, baseURL);
        await page.goto(`${baseURL}${urlOf(lang, `/direction-board/results/${resultToken}`)}`);
        await page.locator('.board-code__value').waitFor();
        await scan('shared result');

        assert.deepEqual(found, []);
        assert.deepEqual(unexpected(problems, [422]), []);
        await context.close();
      });
    }
  }

  it('the admin statistics page (en and mn, desktop and phone)', async () => {
    const { baseURL, browser } = site;
    const found = [];
    for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
      const context = await adminContext(browser, baseURL, { viewport, ...AXE_OPTIONS });
      await context.addInitScript({ path: AXE });
      const page = await context.newPage();
      for (const lang of langs) {
        await page.goto(`${baseURL}${urlOf(lang, '/dashboard/admin/direction-board')}`);
        await page.locator('[data-stat="started"]').waitFor();
        // The page's own content; the header's account menu belongs to the accounts pages' tests.
        found.push(...(await axe(page, { exclude: [['.site-header']] })).map((v) => `${lang} ${viewport.width}: ${v}`));
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `${lang} at ${viewport.width}: no sideways scrolling (${width}px)`);
      }
      await context.close();
    }
    assert.deepEqual(found, []);
  });
});
