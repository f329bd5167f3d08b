// The workspace's chat in two browsers at once (demo accounts, --demo), in both languages: the
// student starts a chat with support from /chat, the admin answers from the support inbox of
// /dashboard/chat; each sees the other's messages arrive without reloading, the typing
// indicator and the read receipt; a message written offline waits and is sent when the
// connection returns. English at desktop width, Mongolian at 375 px; axe on both pages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi, tf } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function open(name, viewport, path) {
  const context = await site.browser.newContext({ viewport });
  await signInApi(context, site.baseURL, { email: `${name}@demo.gerege.mn`, password: PASSWORD });
  await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  const page = await context.newPage();
  const problems = watch(page, site.baseURL);
  await page.goto(`${site.baseURL}${path}`);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  return { context, page, problems };
}

describe('chat in real time', () => {
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['mn', PHONE],
  ]) {
    it(`a student and support chat (${lang}, ${viewport.width}px)`, async () => {
      const k = (key) => t(lang, `chat.page.${key}`);
      const words = lang === 'en' ? ['Hello, I cannot find my application.', 'Hello! Let me look.', 'Written offline'] : ['Сайн байна уу? Өргөдлөө олохгүй байна.', 'Сайн байна уу! Шалгаад хэлье.', 'Сүлжээгүй үед бичсэн'];

      // Support staff: the support inbox of the dashboard's chat.
      const admin = await open('admin', viewport, `/${lang}/dashboard/chat`);
      await admin.page.getByRole('heading', { name: k('conversations') }).waitFor();
      await admin.page.getByLabel(k('supportInbox')).check();

      // The student starts from the public /chat page and lands in the conversation.
      const student = await open('student', viewport, `/${lang}/chat`);
      await student.page.getByRole('button', { name: t(lang, 'pages.startChat.cta') }).click();
      await student.page.waitForURL(/\/dashboard\/chat\?c=\d+/);
      await student.page.getByRole('heading', { name: k('support'), level: 2 }).waitFor();
      await student.page.getByLabel(k('message'), { exact: true }).fill(words[0]);
      await student.page.getByRole('button', { name: k('send'), exact: true }).click();
      const studentThread = student.page.getByRole('list', { name: k('messagesLabel') });
      await studentThread.getByText(words[0]).waitFor();

      // It reaches the admin's open page: the conversation comes into the inbox by itself.
      const entry = admin.page.getByRole('link', { name: new RegExp(escape(tf(lang, 'chat.page.supportFor', { name: 'Тэмүүлэн Ганбаатар' }))) });
      await entry.waitFor();
      await entry.click();
      const adminThread = admin.page.getByRole('list', { name: k('messagesLabel') });
      await adminThread.getByText(words[0]).waitFor();
      // The student sees the admin read it.
      await studentThread.getByText(k('statusRead')).last().waitFor();

      // The admin types (the student sees it), then answers: it arrives without a reload.
      await admin.page.getByLabel(k('message'), { exact: true }).pressSequentially('…');
      await student.page.getByText(new RegExp(`^${escape(tf(lang, 'chat.page.typing', { name: '' }))}`)).waitFor();
      await admin.page.getByLabel(k('message'), { exact: true }).fill(words[1]);
      await admin.page.getByRole('button', { name: k('send'), exact: true }).click();
      await studentThread.getByText(words[1]).waitFor();

      // Offline: the message waits, then goes when the connection returns (once).
      await student.context.setOffline(true);
      await student.page.getByText(k('offline')).waitFor();
      await student.page.getByLabel(k('message'), { exact: true }).fill(words[2]);
      await student.page.getByRole('button', { name: k('send'), exact: true }).click();
      await studentThread.getByText(k('statusQueued')).waitFor();
      await student.context.setOffline(false);
      await adminThread.getByText(words[2]).waitFor();
      await student.page.waitForFunction((text) => !document.body.innerText.includes(text), k('statusQueued'));
      assert.equal(await adminThread.getByText(words[2]).count(), 1, 'sent once');

      const found = [...(await axe(student.page, `${lang} student chat`)), ...(await axe(admin.page, `${lang} support inbox`))];
      assert.deepEqual(found, []);
      for (const p of [student.page, admin.page]) {
        assert.ok(!(await p.locator('body').innerText()).includes('chat.page.'), 'raw catalog keys on the page');
      }
      const offline = [/ERR_INTERNET_DISCONNECTED/, /ERR_NETWORK_CHANGED/, /api\/chat\/events/];
      assert.deepEqual(unexpected(student.problems, ...offline), []);
      assert.deepEqual(unexpected(admin.problems), []);
      await Promise.all([student.context.close(), admin.context.close()]);
    });
  }

  // The demo's team group (owner@demo its admin): the admin removes a counselor, who sees it
  // live and can no longer write nor read what follows; the admin adds them back by search.
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['mn', PHONE],
  ]) {
    it(`a group's admin removes a member and adds them back (${lang}, ${viewport.width}px)`, async () => {
      const k = (key) => t(lang, `chat.page.${key}`);
      const GANBAT = 'Ганбат Лхагва';
      const OWNER = 'Оюунаа Батболд';
      const later = lang === 'en' ? 'Only for the team now' : 'Одоо зөвхөн багийнхандаа';
      const owner = await open('owner', viewport, `/${lang}/dashboard/chat`);
      // Adding people waits for the admin's verified national ID (the demo's owner has none yet).
      const idv = await owner.context.request.put(`${site.baseURL}/api/account/id-verification`, {
        data: { surname: 'Батболд', givenName: 'Оюунаа', dateOfBirth: '2000-04-15', idNumber: 'УБ00241512' },
      });
      assert.equal(idv.status(), 200, await idv.text());
      const group = (await (await owner.context.request.get(`${site.baseURL}/api/chat/conversations`)).json()).items.find((c) => c.kind === 'group');
      const path = `/${lang}/dashboard/chat?c=${group.id}`;
      const member = await open('ganbat.counselor', viewport, path);
      await owner.page.goto(`${site.baseURL}${path}`);
      await owner.page.getByRole('heading', { name: group.title, level: 2 }).waitFor();
      const ownerThread = owner.page.getByRole('list', { name: k('messagesLabel') });
      const memberThread = member.page.getByRole('list', { name: k('messagesLabel') });
      await memberThread.getByText('мягмар гарагийн').waitFor();

      // Removed: the line in both threads (each in its reader's words), the composer gives way.
      const removed = ownerThread.getByText(tf(lang, 'chat.page.system.removed', { actor: k('you'), name: GANBAT }), { exact: true });
      const removedSeen = memberThread.getByText(tf(lang, 'chat.page.system.removedYou', { actor: OWNER }), { exact: true });
      const [n, m] = [await removed.count(), await removedSeen.count()];
      await owner.page.getByRole('button', { name: k('membersButton') }).click();
      await owner.page.getByRole('button', { name: tf(lang, 'chat.page.removeMember', { name: GANBAT }) }).click();
      await removed.nth(n).waitFor();
      await removedSeen.nth(m).waitFor();
      await member.page.getByText(k('former')).waitFor();
      assert.equal(await member.page.getByLabel(k('message'), { exact: true }).count(), 0, 'a removed member has no composer');

      // What the group says next is not theirs, not even after a reload.
      await owner.page.getByLabel(k('message'), { exact: true }).fill(later);
      await owner.page.getByRole('button', { name: k('send'), exact: true }).click();
      await ownerThread.getByText(later).first().waitFor();
      await owner.page.waitForFunction((text) => !document.body.innerText.includes(text), k('statusQueued'));
      await member.page.reload();
      await member.page.getByText(k('former')).waitFor();
      await memberThread.getByText(tf(lang, 'chat.page.system.removedYou', { actor: OWNER }), { exact: true }).first().waitFor();
      assert.equal(await memberThread.getByText(later).count(), 0, 'a removed member read a later message');

      // Added back by search: they can write again, and the history since comes in.
      const added = ownerThread.getByText(tf(lang, 'chat.page.system.added', { actor: k('you'), name: GANBAT }), { exact: true });
      const a = await added.count();
      await owner.page.getByLabel(k('findPerson')).fill('Ганбат');
      await owner.page.getByRole('button', { name: tf(lang, 'chat.page.addPerson', { name: GANBAT }) }).click();
      await added.nth(a).waitFor();
      await member.page.getByLabel(k('message'), { exact: true }).waitFor();
      await memberThread.getByText(later).first().waitFor();

      const found = [...(await axe(owner.page, `${lang} group members`)), ...(await axe(member.page, `${lang} group member`))];
      assert.deepEqual(found, []);
      for (const p of [owner.page, member.page]) {
        assert.ok(!(await p.locator('body').innerText()).includes('chat.page.'), 'raw catalog keys on the page');
      }
      assert.deepEqual(unexpected(owner.problems), []);
      assert.deepEqual(unexpected(member.problems, /api\/chat\/events/), []);
      await Promise.all([owner.context.close(), member.context.close()]);
    });
  }

  it('a signed-out visitor of /chat is sent to sign in and back', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(`${site.baseURL}/mn/chat`);
    await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: t('mn', 'pages.startChat.signIn') }).click();
    await page.waitForURL(/\/mn\/auth\/login\?returnTo=%2Fmn%2Fchat$/);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });
});
