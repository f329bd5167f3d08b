// The discussion on a post's page, as people use it (demo accounts, --demo), in both
// languages: the student loads more comments, writes one, replies to another, edits their
// own (shown as edited), votes in a poll and sees the results (counts, percentages, bars);
// the poll is closed meanwhile and a change of vote answers "Voting is no longer allowed".
// The posts and polls are made through the API first (a platform-wide post by the admin).
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi, tf } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const who = (name) => ({ email: `${name}@demo.gerege.mn`, password: PASSWORD });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
/** The original product's message, word for word (GLOSSARY). */
const CLOSED = { en: 'Voting is no longer allowed', mn: 'Санал өгөх хугацаа дууссан' };

/** An API client signed in as a demo account. */
async function apiAs(name) {
  const context = await site.browser.newContext();
  await signInApi(context, site.baseURL, who(name));
  const call = async (method, path, data) => {
    const res = await context.request.fetch(`${site.baseURL}/api${path}`, {
      method,
      data,
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Accept-Language': 'en' },
    });
    const text = await res.text();
    assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return { context, call };
}

const posts = {};

async function setup() {
  const admin = await apiAs('admin');
  const writers = [admin, await apiAs('owner'), await apiAs('applicant1'), await apiAs('applicant2')];
  for (const lang of ['en', 'mn']) {
    const post = await admin.call('POST', '/me/posts', {
      title: lang === 'en' ? 'Open day at the university' : 'Их сургуулийн нээлттэй өдөр',
      body: lang === 'en' ? 'Come and meet the teachers.' : 'Багш нартай уулзаарай.',
      lang,
      community: '',
    });
    await admin.call('POST', `/me/posts/${post.slug}/status`, { status: 'published' });
    const poll = await admin.call('POST', '/polls', {
      postId: post.id,
      question: lang === 'en' ? 'Which day suits you?' : 'Аль өдөр танд тохирох вэ?',
      options: lang === 'en' ? ['Friday', 'Saturday'] : ['Баасан', 'Бямба'],
      results: 'after_vote',
    });
    // 22 comments: one page of 20, and "load more" for the rest (a few accounts: new accounts write 15 an hour).
    for (let i = 1; i <= 22; i++) {
      await writers[i % writers.length].call('POST', '/comments', { postId: post.id, body: `${lang === 'en' ? 'Comment' : 'Сэтгэгдэл'} ${i}` });
    }
    posts[lang] = { ...post, poll };
  }
  await Promise.all(writers.map((w) => w.context.close()));
}

describe('discussion on a post', () => {
  // Inside the suite: the site's own before hook (useSite) has started the server by then.
  before(setup);
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['mn', PHONE],
  ]) {
    it(`comment, reply, edit, load more, vote and the closed poll (${lang}, ${viewport.width}px)`, async () => {
      const { slug, poll } = posts[lang];
      const context = await site.browser.newContext({ viewport });
      await signInApi(context, site.baseURL, who('student'));
      await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}/post/${slug}`);
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });

      // The first page (20, newest first), then "load more".
      const section = page.locator('section.discussion');
      await section.getByRole('heading', { name: tf(lang, 'discussion.comments.titleCount', { count: 22 }) }).waitFor();
      const items = section.locator(':scope > .comment-list > .comment');
      await items.nth(19).waitFor();
      assert.equal(await items.count(), 20);
      await section.getByRole('button', { name: t(lang, 'discussion.comments.loadMore') }).click();
      await items.nth(21).waitFor();
      assert.equal(await items.count(), 22);
      assert.equal(await section.getByRole('button', { name: t(lang, 'discussion.comments.loadMore') }).count(), 0);

      // Write a comment: it comes first.
      const mine = lang === 'en' ? 'I will come on **Friday**' : 'Би **Баасан** гарагт ирнэ';
      await section.getByLabel(t(lang, 'discussion.comments.write')).fill(mine);
      await section.getByRole('button', { name: t(lang, 'discussion.comments.send'), exact: true }).click();
      const first = items.first();
      await first.locator('strong', { hasText: lang === 'en' ? 'Friday' : 'Баасан' }).waitFor();

      // Reply to someone else's comment (the second in the list).
      const other = items.nth(1);
      await other.getByRole('button', { name: t(lang, 'discussion.comments.reply'), exact: true }).click();
      const reply = lang === 'en' ? 'See you there' : 'Тэнд уулзъя';
      await other.getByLabel(t(lang, 'discussion.comments.writeReply')).fill(reply);
      await other.locator('form').getByRole('button', { name: t(lang, 'discussion.comments.sendReply'), exact: true }).click();
      await other.locator('.comment-replies').getByText(reply).waitFor();

      // Edit one's own: shown as edited.
      await first.getByRole('button', { name: t(lang, 'discussion.comments.edit'), exact: true }).click();
      const edited = lang === 'en' ? 'I will come on Saturday' : 'Би Бямба гарагт ирнэ';
      await first.getByLabel(t(lang, 'discussion.comments.edit'), { exact: true }).fill(edited);
      await first.getByRole('button', { name: t(lang, 'discussion.comments.save') }).click();
      await first.getByText(edited).waitFor();
      await first.getByText(`(${t(lang, 'discussion.comments.edited')})`).waitFor();

      // The poll: no results before voting, then counts, percentages and a bar per option.
      const pollBox = page.locator('article.poll');
      await pollBox.getByRole('heading', { name: poll.question }).waitFor();
      assert.equal(await pollBox.locator('.poll-results').count(), 0, 'results before voting');
      await pollBox.getByLabel(poll.options[0].label).check();
      await pollBox.getByRole('button', { name: t(lang, 'discussion.poll.vote') }).click();
      await pollBox.locator('.poll-results').waitFor();
      await pollBox.getByText(`100% · ${tf(lang, 'discussion.poll.votes_one', { count: 1 })}`).waitFor();
      const widths = await pollBox.locator('.poll-bar .bar-fill').evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
      assert.ok(widths[0] > widths[1], `bars ${widths}`);
      const found = await axe(page, `${lang} discussion`);

      // The admin closes the poll; changing the vote now answers the original's message.
      const admin = await apiAs('admin');
      await admin.call('POST', `/polls/${poll.id}/close`, {});
      await admin.context.close();
      await pollBox.getByLabel(poll.options[1].label).check();
      await pollBox.getByRole('button', { name: t(lang, 'discussion.poll.changeVote') }).click();
      await pollBox.getByRole('alert').filter({ hasText: CLOSED[lang] }).waitFor();
      assert.equal(await pollBox.getByRole('button', { name: t(lang, 'discussion.poll.changeVote') }).count(), 0);

      // After a reload: closed, results for all, the same words.
      await page.reload();
      await pollBox.getByText(CLOSED[lang]).waitFor();

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems, /HTTP 409: .*\/api\/polls\/\d+\/votes/, /status of 409 \(Conflict\)/), []);
      await context.close();
    });
  }
});
