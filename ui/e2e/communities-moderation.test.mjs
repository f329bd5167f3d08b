// Moderation in the browser, on the demo data (--demo), in both languages: a student reports
// something they see (an opportunity's page has the Report button), the platform's admin finds
// it on the review queue with its 24-hour clock, decides with a reason, and the student sees
// the outcome under "My reports"; the student blocks someone from their profile and undoes it
// on the account page. A member reports a post from its page, a moderator of its community
// removes it with a reason: the post is then "not found" for the reporter and for visitors,
// its author reads it as removed with the reason, and the reporter sees the outcome. axe on
// each screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { signInApi, tf, toastWith } from './auth-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({ args: ['--demo'] });
const STUDENT = { email: 'student@demo.gerege.mn', password: 'gerege-demo-2026' };
const ADMIN = { email: 'admin@demo.gerege.mn', password: 'gerege-demo-2026' };
const demo = (name) => ({ email: `${name}@demo.gerege.mn`, password: 'gerege-demo-2026' });
const M = 'moderation.ui';

async function open(who, viewport) {
  const context = await site.browser.newContext({ viewport });
  const user = who ? await signInApi(context, site.baseURL, who) : null;
  if (who) await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
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

  // A post of a community: en, the demo's post in Green Steppe Volunteers (by admin@; applicant3
  // is a member, applicant1 its moderator); mn, a post applicant2 publishes in Study Abroad
  // (applicant4 a member, student@ its moderator).
  const posts = {
    en: async () => ({ slug: 'how-i-prepared-my-application-to-study-in-korea', author: ADMIN }),
    mn: async () => {
      const author = demo('applicant2');
      const context = await site.browser.newContext();
      await signInApi(context, site.baseURL, author);
      const made = await context.request.post(`${site.baseURL}/api/me/posts`, {
        data: { title: 'Хуучин сурах бичиг зарна', body: 'Англи хэлний **хуучин сурах бичгүүд** хямд зарна.', lang: 'mn', community: 'study-abroad', tags: [] },
      });
      assert.equal(made.status(), 201, await made.text());
      const { slug } = await made.json();
      const published = await context.request.post(`${site.baseURL}/api/me/posts/${slug}/status`, { data: { status: 'published' } });
      assert.equal(published.status(), 200, await published.text());
      await context.close();
      return { slug, author };
    },
  };
  // `reports`: the post's open reports once the member's is sent (the demo reported Green Steppe's).
  for (const [lang, viewport, reporter, moderator, reports] of [
    ['en', { width: 1280, height: 900 }, demo('applicant3'), demo('applicant1'), 2],
    ['mn', { width: 375, height: 740 }, demo('applicant4'), STUDENT, 1],
  ]) {
    it(`a member reports a post, its moderator removes it with a reason (${lang}, ${viewport.width}px)`, async () => {
      const found = [];
      const { slug, author } = await posts[lang]();
      const reason = lang === 'en' ? 'Selling is not allowed in this community' : 'Энэ нийгэмлэгт худалдаа хийхийг хориглоно';

      // 1. The member reports the post from its page.
      const r = await open(reporter, viewport);
      await r.page.goto(`${site.baseURL}/${lang}/post/${slug}`);
      await settled(r.page);
      const title = (await r.page.getByRole('heading', { level: 1 }).textContent()).trim();
      // The post's own Report (its comments have theirs).
      await r.page.locator('article.post-page > header').getByRole('button', { name: t(lang, `${M}.button.report`) }).click();
      const dialog = r.page.getByRole('dialog', { name: tf(lang, `${M}.dialogs.report.title`, { target: t(lang, `${M}.labels.targets.post`) }) });
      await dialog.waitFor();
      found.push(...(await axe(r.page, `${lang} post report dialog`)));
      await dialog.getByLabel(t(lang, `${M}.labels.reasons.spam`)).check();
      await dialog.getByLabel(t(lang, `${M}.dialogs.report.note`)).fill(lang === 'en' ? 'An advert, not a story' : 'Зар сурталчилгаа байна');
      await dialog.getByRole('button', { name: t(lang, `${M}.dialogs.report.send`) }).click();
      await toastWith(r.page, t(lang, `${M}.dialogs.report.sent`));

      // 2. The community's moderator finds it on their queue and removes it with a reason.
      const m = await open(moderator, viewport);
      await m.page.goto(`${site.baseURL}/${lang}/dashboard/moderation`);
      await settled(m.page);
      const row = m.page.locator('tr.mod-row', { hasText: title });
      await row.waitFor();
      await row.getByText(t(lang, `${M}.labels.reasons.spam`)).waitFor();
      assert.equal((await row.locator('td').first().textContent()).trim(), String(reports));
      found.push(...(await axe(m.page, `${lang} post queue`)));
      await row.getByRole('button', { name: t(lang, `${M}.page.review`) }).click();
      const panel = m.page.locator('section.mod-item');
      await panel.getByRole('heading', { level: 3, name: title }).waitFor();
      await panel.getByLabel(t(lang, `${M}.page.action`)).selectOption('remove');
      await panel.getByLabel(t(lang, `${M}.page.reason`)).fill(reason);
      const [decided] = await Promise.all([
        m.page.waitForResponse((res) => res.url().endsWith('/api/moderation/actions') && res.request().method() === 'POST'),
        panel.getByRole('button', { name: t(lang, `${M}.page.submit`) }).click(),
      ]);
      assert.equal(decided.status(), 200, await decided.text());
      assert.equal((await decided.json()).answered, reports);
      await toastWith(m.page, tf(lang, `${M}.page.decided_${reports === 1 ? 'one' : 'other'}`, { count: reports }));
      await panel.getByText(t(lang, `${M}.labels.itemStatuses.removed`)).waitFor();
      await panel.locator('ol li', { hasText: reason }).getByText(t(lang, `${M}.labels.actions.remove`)).waitFor();
      await m.page.locator('tr.mod-row', { hasText: title }).waitFor({ state: 'detached' });

      // 3. The post is not found for the reporter, nor for a visitor.
      await r.page.reload();
      await r.page.getByRole('heading', { level: 1, name: t(lang, 'posts.read.notFound') }).waitFor();
      assert.equal(await r.page.getByText(title).count(), 0);
      const v = await open(null, viewport);
      const res = await v.page.goto(`${site.baseURL}/${lang}/post/${slug}`);
      assert.equal(res.status(), 404);
      await v.page.getByRole('heading', { level: 1, name: t(lang, 'posts.read.notFound') }).waitFor();
      assert.equal(await v.page.getByText(title).count(), 0);

      // 4. Its author reads it as removed, with the moderator's reason.
      const a = await open(author, viewport);
      await a.page.goto(`${site.baseURL}/${lang}/post/${slug}`);
      await a.page.getByRole('heading', { level: 1, name: title }).waitFor();
      const alert = a.page.locator('.alert--error .alert__body');
      await alert.waitFor();
      assert.equal((await alert.textContent()).trim(), `${t(lang, 'posts.read.status.removed')} ${tf(lang, 'posts.read.reason', { reason })}`);

      // 5. The reporter sees the outcome under "My reports".
      await r.page.goto(`${site.baseURL}/${lang}/dashboard/moderation`);
      await settled(r.page);
      const mine = r.page.locator('#mod-mine li', { hasText: title });
      await mine.getByText(tf(lang, `${M}.page.outcome`, { outcome: t(lang, `${M}.labels.actions.remove`) })).waitFor();
      await mine.getByText(t(lang, `${M}.labels.statuses.actioned`)).waitFor();
      found.push(...(await axe(r.page, `${lang} my reports`)));

      assert.deepEqual(found, []);
      // The removed post's 404s are the point: its page is a 404 for everyone (rendered without
      // the session), and the reader's app asks for it again with theirs; the author's answer is 200.
      const gone = new RegExp(`HTTP 404: .*/api/post/details\\?slug=${slug}$`);
      const page404 = new RegExp(`^console error on ${site.baseURL}/${lang}/post/${slug}: .*status of 404`);
      assert.deepEqual(unexpected([...r.problems, ...v.problems], gone, page404), []);
      assert.deepEqual(unexpected([...m.problems, ...a.problems], page404), []);
      for (const c of [r, m, v, a]) await c.context.close();
    });
  }
});
