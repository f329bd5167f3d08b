// Moderation in the browser, on the demo data (--demo), in both languages: a student reports
// something they see (an opportunity's page has the Report button; posts get it when their
// part lands), the platform's admin finds it on the review queue with its 24-hour clock,
// decides with a reason, and the student sees the outcome under "My reports"; the student
// blocks someone from their profile and undoes it on the account page. axe on each screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { signInApi, tf, toastWith } from './auth-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({ args: ['--demo'] });
const STUDENT = { email: 'student@demo.gerege.mn', password: 'gerege-demo-2026' };
const ADMIN = { email: 'admin@demo.gerege.mn', password: 'gerege-demo-2026' };
const M = 'moderation.ui';

async function open(who, viewport) {
  const context = await site.browser.newContext({ viewport });
  const user = await signInApi(context, site.baseURL, who);
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  return { context, page, user, problems: watch(page, site.baseURL) };
}

async function settled(page) {
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

describe('moderation', () => {
  for (const [lang, viewport, slug] of [
    ['en', { width: 1280, height: 900 }, 'software-developer-go'],
    ['mn', { width: 375, height: 740 }, 'accountant'],
  ]) {
    it(`report, the queue with its clock, a decision, the outcome; block and undo (${lang}, ${viewport.width}px)`, async () => {
      const found = [];
      // 1. The student reports an opportunity with a reason and a note.
      const s = await open(STUDENT, viewport);
      await s.page.goto(`${site.baseURL}/${lang}/opportunities/${slug}`);
      await settled(s.page);
      const title = (await s.page.getByRole('heading', { level: 1 }).textContent()).trim();
      await s.page.getByRole('button', { name: t(lang, `${M}.button.report`) }).click();
      const dialog = s.page.getByRole('dialog', { name: tf(lang, `${M}.dialogs.report.title`, { target: t(lang, `${M}.labels.targets.opportunity`) }) });
      await dialog.waitFor();
      found.push(...(await axe(s.page, `${lang} report dialog`)));
      await dialog.getByLabel(t(lang, `${M}.labels.reasons.misinformation`)).check();
      await dialog.getByLabel(t(lang, `${M}.dialogs.report.note`)).fill('The deadline is wrong');
      await dialog.getByRole('button', { name: t(lang, `${M}.dialogs.report.send`) }).click();
      await toastWith(s.page, t(lang, `${M}.dialogs.report.sent`));

      // 2. The platform's admin sees it on the queue (items outside communities) with its clock.
      const a = await open(ADMIN, viewport);
      await a.page.goto(`${site.baseURL}/${lang}/dashboard/moderation`);
      await settled(a.page);
      await a.page.getByRole('heading', { level: 1, name: t(lang, `${M}.title`) }).waitFor();
      const row = a.page.locator('tr.mod-row', { hasText: title });
      await row.waitFor();
      const clock = (await row.locator('time').textContent()).trim();
      const left = new RegExp('^' + t(lang, `${M}.page.left`).replace('{{h}}', '(\\d+)').replace('{{m}}', '(\\d+)') + '$');
      const m = left.exec(clock);
      assert.ok(m, `the clock reads "${clock}"`);
      assert.ok(Number(m[1]) === 23 || Number(m[1]) === 24, `a fresh report has about 24 hours left: ${clock}`);
      found.push(...(await axe(a.page, `${lang} queue`)));

      // It is reviewed: its report with the note, then a decision with a reason.
      await row.getByRole('button', { name: t(lang, `${M}.page.review`) }).click();
      const panel = a.page.locator('section.mod-item');
      await panel.getByText('The deadline is wrong').waitFor();
      await panel.getByLabel(t(lang, `${M}.page.action`)).selectOption('warn');
      await panel.getByRole('button', { name: t(lang, `${M}.page.submit`) }).click();
      // Without a reason, the field says so.
      await panel.locator('#mod-reason-error').waitFor();
      assert.equal(await panel.getByLabel(t(lang, `${M}.page.reason`)).getAttribute('aria-invalid'), 'true');
      await panel.getByLabel(t(lang, `${M}.page.reason`)).fill('Deadline checked with the organisation');
      await panel.getByRole('button', { name: t(lang, `${M}.page.submit`) }).click();
      await toastWith(a.page, tf(lang, `${M}.page.decided_one`, { count: 1 }));
      await panel.getByText('Deadline checked with the organisation').waitFor();
      await a.page.locator('tr.mod-row', { hasText: title }).waitFor({ state: 'detached' });
      found.push(...(await axe(a.page, `${lang} decided`)));

      // 3. The student sees the outcome.
      await s.page.goto(`${site.baseURL}/${lang}/dashboard/moderation`);
      await settled(s.page);
      const mine = s.page.locator('#mod-mine li', { hasText: title });
      await mine.getByText(tf(lang, `${M}.page.outcome`, { outcome: t(lang, `${M}.labels.actions.warn`) })).waitFor();
      await mine.getByText(t(lang, `${M}.labels.statuses.actioned`)).waitFor();

      // 4. Block someone from their profile, then undo it on the account page.
      const someone = await (await a.context.request.get(`${site.baseURL}/api/me/profile`)).json();
      await s.page.goto(`${site.baseURL}/${lang}/u/${someone.handle}`);
      await settled(s.page);
      await s.page.getByRole('heading', { level: 1, name: someone.name }).waitFor();
      await s.page.getByRole('button', { name: t(lang, `${M}.button.person`) }).click();
      const personDialog = s.page.getByRole('dialog', { name: tf(lang, `${M}.dialogs.person.title`, { name: someone.name }) });
      await personDialog.waitFor();
      found.push(...(await axe(s.page, `${lang} block dialog`)));
      await personDialog.getByRole('button', { name: t(lang, `${M}.dialogs.person.block`), exact: true }).click();
      await toastWith(s.page, tf(lang, `${M}.dialogs.person.blocked`, { name: someone.name }));
      assert.equal((await (await s.context.request.get(`${site.baseURL}/api/me/blocks`)).json()).blocked.length, 1);
      await s.page.goto(`${site.baseURL}/${lang}/dashboard/user/account`);
      await settled(s.page);
      const section = s.page.locator('#blocked-people');
      const undo = section.getByRole('button', { name: new RegExp(t(lang, `${M}.blocked.unblock`).split('{{name}}')[0].trim()) });
      await undo.waitFor();
      found.push(...(await axe(s.page, `${lang} account`)));
      // The list empties when the answer comes; the server is asked after that answer.
      const [undone] = await Promise.all([
        s.page.waitForResponse((r) => r.url().includes('/api/me/blocks/') && r.request().method() === 'DELETE'),
        undo.click(),
      ]);
      assert.equal(undone.status(), 204);
      await section.getByText(t(lang, `${M}.blocked.none`)).first().waitFor();
      assert.equal((await (await s.context.request.get(`${site.baseURL}/api/me/blocks`)).json()).blocked.length, 0);

      assert.deepEqual(found, []);
      // The decision without a reason was a 422 on purpose.
      assert.deepEqual(unexpected([...s.problems, ...a.problems], /HTTP 422: .*\/api\/moderation\/actions$/, /status of 422/), []);
      await s.context.close();
      await a.context.close();
    });
  }
});
