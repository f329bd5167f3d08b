// Communities, as people use them, on the demo data (--demo): a platform admin creates a
// community from the dashboard; a student finds an open community in the list, joins it and
// follows a forum by email; the school's members-only community shows a visitor only its
// name, description and rules, a student asks to join and its admin (the owner) approves the
// request and changes a role on the members page. Both languages, phone and desktop widths.
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
});
