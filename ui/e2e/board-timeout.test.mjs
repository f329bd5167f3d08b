// The Direction Board's time limit, on a server whose limit is 8 seconds: when time runs out
// the taker is told and taken to the results of what they answered — by the page's own timer,
// and by the server's 409 time_up when the page's clock is wrong.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { button, content, expectQuestion, plural, radio, serverAttempt, unexpected, waitForSaved } from './board-helpers.mjs';
import { t, urlOf, useSite, watch } from './harness.mjs';

// Short, so the test waits seconds, not the 20 it used to; long enough that starting and
// answering two statements fits on a loaded 2-core CI machine.
const LIMIT_SECONDS = 8;
const site = useSite({ args: ['--direction-board-limit', `${LIMIT_SECONDS}s`] });

/** Starts the test in a fresh browser and answers the first two statements. */
async function startAndAnswerTwo(lang, { skewClock = false } = {}) {
  const { baseURL, browser } = site;
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const problems = watch(page, baseURL);
  if (skewClock) await page.clock.install();
  await page.goto(`${baseURL}${urlOf(lang, '/direction-board')}`);
  await page.getByText(plural(lang, 'directionBoard.intro.timeLimit', 1), { exact: true }).waitFor();
  await button(page, lang, 'directionBoard.intro.start').click();
  await expectQuestion(page, lang, 0);
  const started = Date.now();
  await radio(page, lang, 3).check();
  await button(page, lang, 'directionBoard.test.next').click();
  await radio(page, lang, 5).check();
  await waitForSaved(page, baseURL, 2);
  if (skewClock) {
    // The computer's clock jumps back 10 minutes after the last save (each save measures it
    // again): the page now believes there is plenty of time.
    await page.clock.setSystemTime(Date.now() - 10 * 60_000);
  }
  return { context, page, problems, started };
}

/** The results page after the time ran out: said so, with the number left unanswered. */
async function expectTimedOutResult(page, lang) {
  const { baseURL } = site;
  await page.waitForURL(`**${urlOf(lang, '/direction-board/result')}`, { timeout: (LIMIT_SECONDS + 20) * 1000 });
  await page.locator('.board-code__value').waitFor();
  const unanswered = content(lang).items.length - 2;
  await page.locator('.board-unanswered').filter({ hasText: plural(lang, 'directionBoard.result.unanswered', unanswered) }).waitFor();
  await page.locator('.alert').filter({ hasText: t(lang, 'directionBoard.errors.timeUp') }).first().waitFor();
  assert.equal(await page.locator('svg[role="img"] rect.bar-fill').count(), 6);
  const attempt = await serverAttempt(page, baseURL);
  const result = await (await page.request.get(`${baseURL}/api/direction-board/attempts/${attempt.id}/result`)).json();
  assert.equal(result.timedOut, true);
  assert.equal(result.unanswered, unanswered);
}

describe('time running out', () => {
  it('the page tells the taker and goes to the results (en and mn), also when its clock is wrong', async () => {
    await Promise.all([
      ...['en', 'mn'].map(async (lang) => {
        const { context, page, problems, started } = await startAndAnswerTwo(lang);
        // The page's timer ends the test; until then the questions stay.
        await expectTimedOutResult(page, lang);
        assert.ok(Date.now() - started >= (LIMIT_SECONDS - 2) * 1000, 'not before the limit');
        assert.deepEqual(unexpected(problems), []);
        await context.close();
      }),
      (async () => {
        // The page's clock says 10 minutes are left; the server's 409 time_up on the next save decides.
        const lang = 'en';
        const { context, page, problems } = await startAndAnswerTwo(lang, { skewClock: true });
        // Wait until the server's own clock has passed the attempt's deadline (as the server
        // reports both), not a fixed number of seconds.
        const attempt = await serverAttempt(page, site.baseURL);
        const left = Date.parse(attempt.deadlineAt) - Date.parse(attempt.now);
        await new Promise((r) => setTimeout(r, Math.max(0, left) + 500));
        assert.match(page.url(), /\/direction-board$/, 'still on the questions: the page believed there was time');
        await button(page, lang, 'directionBoard.test.previous').click();
        await radio(page, lang, 4).check();
        await expectTimedOutResult(page, lang);
        assert.deepEqual(unexpected(problems, [409]), []);
        await context.close();
      })(),
    ]);
  });
});
