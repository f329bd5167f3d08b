// Communities, as people use them, on the demo data (--demo): a platform admin creates a
// community from the dashboard; a student finds an open community in the list, joins it and
// follows a forum by email; the school's members-only community shows a visitor only its
// name, description and rules, a student asks to join and its admin (the owner) approves the
// request and changes a role on the members page; an enterprise owner with a verified national
// ID asks for a community, a platform admin approves it from the queue, both are told, and a
// visitor finds it on /forums. Both languages, phone and desktop widths.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tf, toastWith } from './auth-helpers.mjs';
import { signInApi } from './auth-helpers.mjs';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const ADMIN = { email: 'admin@demo.gerege.mn', password: PASSWORD };
const OWNER = { email: 'owner@demo.gerege.mn', password: PASSWORD };
const STUDENT = { email: 'student@demo.gerege.mn', password: PASSWORD };
const APPLICANT = { email: 'applicant3@demo.gerege.mn', password: PASSWORD };
const MANAGER = { email: 'manager@demo.gerege.mn', password: PASSWORD };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

async function open(viewport, who) {
  const context = await site.browser.newContext({ viewport });
  if (who) {
    await signInApi(context, site.baseURL, who);
    await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  }
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

async function settled(page) {
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

describe('communities', () => {
  it('a platform admin creates a community (en, desktop)', async () => {
    const lang = 'en';
    const { context, page, problems } = await open(DESKTOP, ADMIN);
    await page.goto(`${site.baseURL}/${lang}/dashboard/communities`);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: t(lang, 'communities.mine.title') }).waitFor();
    await page.getByText(t(lang, 'communities.manage.createOpen'), { exact: true }).click();
    // Nothing written: the field says what it needs.
    await page.getByRole('button', { name: t(lang, 'communities.manage.createSubmit') }).click();
    await page.locator('#nameEn[aria-invalid="true"]').waitFor();
    await page.getByLabel(t(lang, 'communities.manage.field.nameEn')).fill('Debate Club');
    await page.getByLabel(t(lang, 'communities.manage.field.nameMn')).fill('Мэтгэлцээний клуб');
    await page.getByLabel(t(lang, 'communities.manage.field.descriptionEn')).fill('Practise **debating** in English and Mongolian.');
    await page.getByRole('button', { name: t(lang, 'communities.manage.createSubmit') }).click();
    await toastWith(page, tf(lang, 'communities.manage.created', { name: 'Debate Club' }));
    await page.getByRole('link', { name: tf(lang, 'communities.manage.open', { name: 'Debate Club' }) }).click();
    await page.waitForURL(/\/dashboard\/communities\/debate-club$/);
    await settled(page);
    // A forum for it.
    await page.locator('#new-nameEn').fill('Motions');
    await page.getByRole('button', { name: t(lang, 'communities.manage.addForumSubmit') }).click();
    await toastWith(page, tf(lang, 'communities.manage.forumAdded', { name: 'Motions' }));
    // Its public page, found in the list.
    await page.goto(`${site.baseURL}/${lang}/forums`);
    await settled(page);
    await page.getByRole('searchbox', { name: t(lang, 'communities.list.search') }).fill('metgeltsee');
    await page.getByRole('link', { name: 'Debate Club' }).click();
    await page.getByRole('heading', { level: 1, name: 'Debate Club' }).waitFor();
    await page.getByRole('link', { name: 'Motions' }).waitFor();
    assert.match(await page.locator('.comm-markdown').first().innerHTML(), /<strong>debating<\/strong>/);
    // The one refusal was the empty form's.
    assert.deepEqual(unexpected(problems, /422.*\/api\/communities\b/, /status of 422/), []);
    await context.close();
  });

  it('a student joins an open community and follows a forum by email (mn, phone)', async () => {
    const lang = 'mn';
    const { context, page, problems } = await open(PHONE, STUDENT);
    await page.goto(`${site.baseURL}/${lang}/forums`);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: t(lang, 'pages.forums.title') }).waitFor();
    await page.getByRole('link', { name: 'Ногоон тал сайн дурынхан' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ногоон тал сайн дурынхан' }).waitFor();
    await page.getByRole('button', { name: t(lang, 'communities.community.join'), exact: true }).click();
    await toastWith(page, tf(lang, 'communities.community.joined', { name: 'Ногоон тал сайн дурынхан' }));
    await page.getByRole('button', { name: t(lang, 'communities.community.leave') }).waitFor();
    await page.getByRole('link', { name: 'Арга хэмжээ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Арга хэмжээ' }).waitFor();
    await page.getByRole('button', { name: t(lang, 'communities.follow.follow'), exact: true }).click();
    await toastWith(page, tf(lang, 'communities.follow.followed', { name: 'Арга хэмжээ' }));
    await page.getByRole('switch', { name: t(lang, 'communities.follow.email') }).check();
    await toastWith(page, t(lang, 'communities.follow.emailOn'));
    // Still following by email after a reload (the server knows).
    await page.reload();
    await settled(page);
    assert.equal(await page.getByRole('switch', { name: t(lang, 'communities.follow.email') }).isChecked(), true);
    assert.deepEqual(await axe(page, `${lang} forum`), []);
    // A member starts a topic from the forum: the editor opens with the community and the forum.
    await page.getByRole('link', { name: t(lang, 'communities.forum.startTopic') }).click();
    await page.waitForURL(/\/mn\/dashboard\/post\/new\?community=[^&]+&forum=/);
    const community = new URL(page.url()).searchParams.get('community');
    await page.waitForFunction((want) => document.querySelector('#post-community')?.value === want, community);
    // The editor names the forum as people know it, not by its address.
    await page.getByText(tf(lang, 'posts.dashboard.topicIn', { forum: 'Арга хэмжээ' })).waitFor();
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });

  it("the school's approval flow and the members page (signed out en, then mn)", async () => {
    // Signed out: the members-only community shows its description and rules, nothing of its forums.
    const visitor = await open(DESKTOP);
    await visitor.page.goto(`${site.baseURL}/en/forums/steppe-education-center`);
    await settled(visitor.page);
    await visitor.page.getByRole('heading', { level: 1, name: 'Steppe Education Center' }).waitFor();
    await visitor.page.getByText(t('en', 'communities.community.membersOnly')).waitFor();
    assert.equal(await visitor.page.getByText('Homework help').count(), 0);
    await visitor.context.close();

    const lang = 'mn';
    const student = await open(PHONE, APPLICANT);
    await student.page.goto(`${site.baseURL}/${lang}/forums/steppe-education-center`);
    await settled(student.page);
    await student.page.getByRole('button', { name: t(lang, 'communities.community.askToJoin') }).click();
    await toastWith(student.page, t(lang, 'communities.community.asked'));
    await student.page.getByText(t(lang, 'communities.community.pendingNote')).waitFor();

    const owner = await open(DESKTOP, OWNER);
    await owner.page.goto(`${site.baseURL}/${lang}/dashboard/communities/steppe-education-center`);
    await settled(owner.page);
    await owner.page.getByRole('button', { name: tf(lang, 'communities.manage.pendingMembers', { count: 2 }) }).click();
    // Two requests: one from the demo, and Min-ji Kim's (applicant3) just now.
    const whoName = 'Min-ji Kim';
    const who = owner.page.getByRole('row').filter({ hasText: whoName });
    await owner.page.getByRole('row').filter({ hasText: 'Болд Ганзориг' }).waitFor();
    await who.getByRole('button', { name: t(lang, 'communities.manage.approveJoin') }).click();
    await toastWith(owner.page, tf(lang, 'communities.manage.approvedJoin', { name: whoName }));
    // The members page: make the new member a moderator.
    await owner.page.getByRole('button', { name: t(lang, 'communities.manage.activeMembers'), exact: true }).click();
    const role = owner.page.getByRole('combobox', { name: tf(lang, 'communities.manage.roleOf', { name: whoName }) });
    await role.selectOption('moderator');
    await toastWith(owner.page, tf(lang, 'communities.manage.roleSet', { name: whoName }));
    assert.deepEqual(await axe(owner.page, `${lang} members`), []);

    // The student now reads the forums.
    await student.page.reload();
    await settled(student.page);
    await student.page.getByRole('link', { name: 'Гэрийн даалгаврын тусламж' }).waitFor();
    assert.deepEqual(unexpected(student.problems), []);
    assert.deepEqual(unexpected(owner.problems), []);
    await student.context.close();
    await owner.context.close();
  });

  // A request needs a verified national ID: the registry number of the person's date of birth
  // (the letters, then YYMMDD with 20 added to the month from 2000). Returns their name.
  async function verifyId(who, idNumber) {
    const context = await site.browser.newContext();
    const user = await signInApi(context, site.baseURL, who);
    const res = await context.request.put(`${site.baseURL}/api/account/id-verification`, {
      data: { surname: user.lastName, givenName: user.firstName, dateOfBirth: user.dateOfBirth, idNumber },
    });
    assert.equal(res.status(), 200, await res.text());
    await context.close();
    return `${user.firstName} ${user.lastName}`;
  }

  // The school's owner asks in English, its manager in Mongolian (the demo's accounts are made
  // when the demo is, so they count as new: one request for a community an hour each).
  for (const [lang, viewport, who, idNumber, name, description] of [
    ['en', DESKTOP, OWNER, 'УБ00241512', 'Robotics Club', 'Build **robots** after school.'],
    ['mn', PHONE, MANAGER, 'УБ92031034', 'Робот техникийн дугуйлан', 'Хичээлийн дараа **робот** бүтээнэ.'],
  ]) {
    const N = lang === 'en' ? 'En' : 'Mn';
    it(`an enterprise asks for a community, a platform admin approves it, a visitor finds it (${lang}, ${viewport.width}px)`, async () => {
      const requester = await verifyId(who, idNumber);
      const found = [];
      // 1. The owner (or manager) fills the request form on their communities page.
      const owner = await open(viewport, who);
      await owner.page.goto(`${site.baseURL}/${lang}/dashboard/communities`);
      await settled(owner.page);
      await owner.page.getByRole('heading', { level: 2, name: t(lang, 'communities.manage.request') }).waitFor();
      await owner.page.getByText(t(lang, 'communities.manage.requestNote')).waitFor();
      await owner.page.getByText(t(lang, 'communities.manage.requestOpen'), { exact: true }).click();
      await owner.page.getByLabel(t(lang, `communities.manage.field.name${N}`)).fill(name);
      await owner.page.getByLabel(t(lang, `communities.manage.field.description${N}`)).fill(description);
      await owner.page.getByLabel(t(lang, 'communities.manage.field.joinPolicy')).selectOption('approval');
      found.push(...(await axe(owner.page, `${lang} request form`)));
      await owner.page.getByRole('button', { name: t(lang, 'communities.manage.requestSubmit') }).click();
      await toastWith(owner.page, tf(lang, 'communities.manage.requested', { name }));
      // It waits for approval among the owner's communities; they are its admin from the start.
      const mine = owner.page.locator('ul.comm-mine li', { hasText: name });
      await mine.getByText(t(lang, 'communities.communityStatuses.requested'), { exact: true }).waitFor();
      const manage = mine.getByRole('link', { name: tf(lang, 'communities.manage.open', { name }) });
      const slug = /\/dashboard\/communities\/([^/?#]+)$/.exec(await manage.getAttribute('href'))?.[1];
      assert.ok(slug, 'the request has a page to manage it');
      // Nobody else sees it yet.
      assert.equal((await fetch(`${site.baseURL}/api/communities/${slug}`)).status, 404);

      // 2. A platform admin is told, and approves it from the queue with a word for the owner.
      const admin = await open(viewport, ADMIN);
      const organization = (await (await owner.context.request.get(`${site.baseURL}/api/me/communities`)).json()).items.find((c) => c.slug === slug)?.organization;
      assert.ok(organization, 'the request carries the owner’s organisation');
      await admin.page.goto(`${site.baseURL}/${lang}/dashboard/notifications`);
      await settled(admin.page);
      const asked = admin.page.locator('main .notification', { hasText: tf(lang, 'communities.notify.requested.body', { organization, name }) });
      assert.equal((await asked.locator('.notification__title').textContent()).trim(), t(lang, 'communities.notify.requested.title'));
      await admin.page.goto(`${site.baseURL}/${lang}/dashboard/communities`);
      await settled(admin.page);
      const item = admin.page.locator('ul.comm-queue li', { has: admin.page.getByRole('heading', { level: 3, name }) });
      await item.getByText(tf(lang, 'communities.manage.requestedBy', { name: requester })).waitFor();
      assert.match(await item.textContent(), new RegExp(organization.replace(/[()]/g, '\\$&')));
      found.push(...(await axe(admin.page, `${lang} community queue`)));
      const word = lang === 'en' ? 'Welcome to Gerege' : 'Gerege-д тавтай морил';
      await item.getByLabel(t(lang, 'communities.manage.reason')).fill(word);
      await item.getByRole('button', { name: t(lang, 'communities.manage.approve'), exact: true }).click();
      await toastWith(admin.page, tf(lang, 'communities.manage.decided.active', { name }));
      await item.waitFor({ state: 'detached' });

      // 3. The owner is told, and their community is active.
      await owner.page.goto(`${site.baseURL}/${lang}/dashboard/notifications`);
      await settled(owner.page);
      const told = owner.page.locator('main .notification', { hasText: tf(lang, 'communities.notify.decided.title', { name }) });
      const status = t(lang, 'communities.notify.decided.statuses.active');
      assert.equal((await told.locator('.notification__body').textContent()).trim(), tf(lang, 'communities.notify.decided.body', { status, reason: word }));
      await owner.page.goto(`${site.baseURL}/${lang}/dashboard/communities`);
      await settled(owner.page);
      await owner.page.locator('ul.comm-mine li', { hasText: name }).getByRole('link', { name, exact: true }).waitFor();
      assert.equal(await owner.page.locator('ul.comm-mine li', { hasText: name }).getByText(t(lang, 'communities.communityStatuses.requested')).count(), 0);

      // 4. A visitor finds it on /forums and opens it.
      const visitor = await open(viewport);
      await visitor.page.goto(`${site.baseURL}/${lang}/forums`);
      await settled(visitor.page);
      await visitor.page.getByRole('searchbox', { name: t(lang, 'communities.list.search') }).fill(name.split(' ')[0]);
      await visitor.page.getByRole('link', { name }).click();
      await visitor.page.waitForURL(`${site.baseURL}/${lang}/forums/${slug}`);
      await visitor.page.getByRole('heading', { level: 1, name }).waitFor();
      assert.match(await visitor.page.locator('.comm-markdown').first().innerHTML(), /<strong>(robots|робот)<\/strong>/);

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected([...owner.problems, ...admin.problems, ...visitor.problems]), []);
      for (const c of [owner, admin, visitor]) await c.context.close();
    });
  }
});
