// The opportunities dashboard against a --demo server, in English and Mongolian, at desktop and
// phone (375 px) widths, with axe on every screen: an owner writes a job posting with a
// screening question, saves it, submits it and is shown everything missing first, then
// submits it whole; an admin approves it in the queue; a counselor moves cards on the board by
// keyboard and by drag and drop, and adds a note in a card's detail. The organisation page
// shows the verification section to the owner.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { latestEmail, registerApi, signInApi, toastWith } from './auth-helpers.mjs';
import { axe, field, signIn, tf, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';

const site = useSite({ args: ['--demo'], env: { GEREGE_MIN_FILL_TIME: '0s' } });
const PASSWORD = 'gerege-demo-2026';
const OWNER = { email: 'owner@demo.gerege.mn', password: PASSWORD };
const ADMIN = { email: 'admin@demo.gerege.mn', password: PASSWORD };
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const D = 'opportunitiesDashboard';

async function pageAs(who, options) {
  const context = await site.browser.newContext(options);
  await signIn(context, site.baseURL, who);
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

/** The focused element's id once it is `id`, or whatever has the focus after two seconds. */
async function focusedId(page, id) {
  await page.waitForFunction((want) => document.activeElement?.id === want, id, { timeout: 2000 }).catch(() => {});
  return page.evaluate(() => document.activeElement?.id);
}

const heading = (page, text) => page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
const settled = (page) => page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));

// The demo owner has no verified national ID: posting needs one (registry number of 2000-04-15).
let verified;
const verifyOwner = () =>
  (verified ??= (async () => {
    const { context } = await pageAs(OWNER, desktop);
    const res = await context.request.put(`${site.baseURL}/api/account/id-verification`, {
      data: { surname: 'Батболд', givenName: 'Оюунаа', dateOfBirth: '2000-04-15', idNumber: 'УБ00241512' },
    });
    assert.equal(res.status(), 200, await res.text());
    await context.close();
  })());

const titles = { en: 'Data analyst (e2e en)', mn: 'Data analyst (e2e mn)' };

describe('postings', () => {
  for (const [lang, options] of [['en', desktop], ['mn', phone]]) {
    it(`an owner writes, saves and submits a job posting with a screening question (${lang}, ${options.viewport.width} px)`, async () => {
      await verifyOwner();
      const { context, page, problems } = await pageAs(OWNER, options);
      const found = [];
      await page.goto(`${site.baseURL}/${lang}/dashboard/job`);
      await heading(page, t(lang, 'dashboard.jobs.title'));
      await page.getByRole('table').waitFor();
      found.push(...(await axe(page, `${lang} job list`)));
      // The search narrows the list as one types.
      await field(page, t(lang, `${D}.list.search`)).fill('English teacher');
      await page.waitForFunction(() => document.querySelectorAll('main table tbody tr').length === 1);

      await page.getByRole('button', { name: t(lang, `${D}.list.new`) }).click();
      await page.waitForURL(`**/${lang}/dashboard/job/new`);
      await field(page, t(lang, `${D}.field.titleEn`)).fill(titles[lang]);
      await page.getByRole('button', { name: t(lang, `${D}.questions.add`) }).click();
      // The new question's first field has the focus (moved on the next animation frame, so wait
      // for it; a focus that never arrives still fails, naming where it is instead).
      assert.equal(await focusedId(page, 'f-questions-0-type'), 'f-questions-0-type');
      await field(page, t(lang, `${D}.questions.field.textEn`)).fill('Do you know SQL?');
      await field(page, t(lang, `${D}.questions.field.must`)).selectOption('yes');
      await page.getByRole('button', { name: t(lang, `${D}.editor.save`) }).click();
      await toastWith(page, t(lang, `${D}.editor.saved`));
      await page.waitForURL(/\/dashboard\/job\/\d+\/edit$/);
      const id = /job\/(\d+)\/edit/.exec(page.url())[1];
      await settled(page);

      // Submitting an incomplete posting lists everything missing, each next to its field too.
      await page.getByRole('button', { name: t(lang, `${D}.editor.submit`) }).click();
      const alert = page.locator('.opp-problem');
      await alert.getByText(t(lang, `${D}.missing`)).waitFor();
      const missing = await alert.getByRole('listitem').allTextContents();
      for (const name of [t(lang, `${D}.field.titleMn`), t(lang, `${D}.field.deadline`), `${tf(lang, `${D}.questions.numbered`, { n: 1 })} — ${t(lang, `${D}.questions.field.textMn`)}`]) {
        assert.ok(missing.some((m) => m.startsWith(`${name}:`)), `${name} in ${JSON.stringify(missing)}`);
      }
      const focused = await page.evaluate(() => [document.activeElement?.getAttribute('aria-invalid'), document.activeElement?.id]);
      assert.equal(focused[0], 'true', `focus on the first invalid field (${focused[1]})`);
      assert.equal(await page.locator('#f-questions-0-textMn').getAttribute('aria-invalid'), 'true');
      assert.equal(await field(page, t(lang, `${D}.field.titleEn`)).inputValue(), titles[lang], 'what was typed stays');
      found.push(...(await axe(page, `${lang} editor with errors`)));

      // Everything publishing needs, then submitted.
      await field(page, t(lang, `${D}.field.titleMn`)).fill('Өгөгдлийн шинжээч');
      await field(page, t(lang, `${D}.field.descriptionEn`)).fill('Analyse **data** for schools.');
      await field(page, t(lang, `${D}.field.descriptionMn`)).fill('Сургуулиудын өгөгдлийг шинжилнэ.');
      await field(page, t(lang, `${D}.field.classification`)).selectOption('it');
      await field(page, t(lang, `${D}.field.audience`)).selectOption('graduates');
      await field(page, t(lang, `${D}.field.employmentType`)).selectOption('full_time_permanent');
      await field(page, t(lang, `${D}.field.deadline`)).fill('2031-01-31');
      await field(page, t(lang, `${D}.field.country`)).selectOption('MN');
      await field(page, t(lang, `${D}.field.city`)).fill('Ulaanbaatar');
      await field(page, t(lang, `${D}.questions.field.textMn`)).fill('Та SQL мэдэх үү?');
      await field(page, t(lang, `${D}.field.contactName`)).fill('Оюунаа');
      await field(page, t(lang, `${D}.field.contactEmail`)).fill('hr@steppe-edu.mn');
      await page.getByRole('button', { name: t(lang, `${D}.editor.submit`) }).click();
      await page.waitForURL(`**/${lang}/dashboard/job/${id}`);
      await page.locator('.opp-badge', { hasText: t(lang, 'opportunities.statuses.submitted') }).waitFor();
      // The history says so; the request can be withdrawn, not edited.
      await page.getByRole('button', { name: t(lang, `${D}.detail.move.draft`) }).waitFor();
      assert.equal(await page.getByRole('button', { name: t(lang, `${D}.detail.edit`) }).count(), 0);
      found.push(...(await axe(page, `${lang} posting`)));
      assert.deepEqual(found, []);
      // The first submission's 422 (everything missing) is expected.
      assert.deepEqual(unexpected(problems, /422/), []);
      await context.close();
    });
  }
});

describe('approvals', () => {
  for (const [lang, options] of [['en', desktop], ['mn', phone]]) {
    it(`an admin approves a posting from the queue (${lang}, ${options.viewport.width} px)`, async () => {
      const { context, page, problems } = await pageAs(ADMIN, options);
      // The posting the owner submitted in this language (the postings suite runs first).
      const title = titles[lang];
      await page.goto(`${site.baseURL}/${lang}/dashboard/approvals`);
      await heading(page, t(lang, 'dashboard.approvals.title'));
      await settled(page);
      const approve = page.getByRole('button', { name: tf(lang, `${D}.approvals.approveNamed`, { title }) });
      await approve.waitFor();
      // A preview opens in place.
      const item = page.locator('.opp-queue__item', { hasText: title });
      await item.getByText(t(lang, `${D}.approvals.preview`)).click();
      await item.getByText('Сургуулиудын өгөгдлийг шинжилнэ.').waitFor();
      assert.deepEqual(await axe(page, `${lang} approvals`), []);
      await approve.click();
      await toastWith(page, tf(lang, `${D}.approvals.done.approve_one`, { count: 1 }));
      await approve.waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

/** A counselor of the demo owner's organisation: invited, registered and joined through the API. */
let counselor;
const makeCounselor = () =>
  (counselor ??= (async () => {
    const who = await registerApi(site.baseURL, { email: 'counselor@example.test', firstName: 'Chimeg', lastName: 'Ganbold' });
    const owner = await site.browser.newContext();
    await signInApi(owner, site.baseURL, OWNER);
    const inv = await owner.request.post(`${site.baseURL}/api/organization/invitations`, { data: { email: who.email, role: 'counselor' } });
    assert.equal(inv.status(), 201, await inv.text());
    const admin = await site.browser.newContext();
    await signInApi(admin, site.baseURL, ADMIN);
    const email = await latestEmail(admin, site.baseURL, who.email, 'invitation');
    const token = /token=([\w-]+)/.exec(email.text)?.[1];
    assert.ok(token, email.text);
    const c = await site.browser.newContext();
    await signInApi(c, site.baseURL, who);
    const res = await c.request.post(`${site.baseURL}/api/organization/invitations/accept`, { data: { token } });
    assert.equal(res.status(), 200, await res.text());
    await Promise.all([owner.close(), admin.close(), c.close()]);
    return who;
  })());

/** The first card in a column of the board that staff may move. */
const movableCard = (page, status) => page.locator(`section[data-status="${status}"] li.opp-card[draggable="true"]`).first();

describe('the applicant board', () => {
  for (const [lang, options] of [['en', desktop], ['mn', phone]]) {
    it(`a counselor moves cards by keyboard${options === desktop ? ' and by drag and drop' : ''} and adds a note (${lang}, ${options.viewport.width} px)`, async () => {
      const who = await makeCounselor();
      const { context, page, problems } = await pageAs(who, options);
      await page.goto(`${site.baseURL}/${lang}/dashboard/kanban`);
      await heading(page, t(lang, 'dashboard.kanban.title'));
      await settled(page);
      // The board's own stylesheet came with its page (lib/styles.ts): columns side by side.
      assert.equal(await page.locator('.opp-board').evaluate((el) => getComputedStyle(el).display), 'flex');
      const found = await axe(page, `${lang} board`);

      // By keyboard: the card's "Move to" menu; focus stays on the moved card, the move is announced.
      const from = (await page.locator('section[data-status="submitted"] li.opp-card').count()) ? 'submitted' : 'reviewed';
      const card = movableCard(page, from);
      const id = await card.getAttribute('data-id');
      const name = await card.locator('.opp-card__name').textContent();
      const to = from === 'submitted' ? 'shortlisted' : 'interview';
      await card.locator('summary').focus();
      await page.keyboard.press('Enter');
      const target = card.getByRole('button', { name: t(lang, `opportunities.applicationStatuses.${to}`), exact: true });
      await target.focus();
      await page.keyboard.press('Enter');
      await page.locator(`section[data-status="${to}"] li[data-id="${id}"]`).waitFor();
      await page.waitForFunction((i) => document.activeElement?.id === `card-${i}`, id);
      await page.getByRole('status').filter({ hasText: tf(lang, `${D}.kanban.moved`, { name, status: t(lang, `opportunities.applicationStatuses.${to}`) }) }).waitFor();

      if (options === desktop) {
        // By drag and drop, to the interview column.
        // Both columns in view first (the board scrolls sideways), then the mouse as a person moves it.
        const other = page.locator(`section[data-status="${to}"] li.opp-card[draggable="true"]:not([data-id="${id}"])`).first();
        const otherId = await other.getAttribute('data-id');
        const target = page.locator('section[data-status="interview"]');
        await target.locator('h2').scrollIntoViewIfNeeded();
        await other.locator('.opp-card__posting').scrollIntoViewIfNeeded();
        const a = await other.locator('.opp-card__posting').boundingBox();
        const b = await target.locator('h2').boundingBox();
        await page.mouse.move(a.x + 5, a.y + 5);
        await page.mouse.down();
        await page.mouse.move(a.x + 20, a.y + 20, { steps: 3 });
        await page.mouse.move(b.x + b.width / 2, b.y + b.height + 10, { steps: 5 });
        await page.mouse.up();
        await page.locator(`section[data-status="interview"] li[data-id="${otherId}"]`).waitFor();
      }

      // The card's detail, opened from the keyboard (the moved card has the focus): a note, the timeline.
      await page.locator(`#card-${id}`).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      const note = `Strong SQL (${lang})`;
      await field(dialog, t(lang, `${D}.kanban.note`)).fill(note);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), t(lang, `${D}.kanban.addNote`));
      await page.keyboard.press('Enter');
      await toastWith(page, t(lang, `${D}.kanban.noteAdded`));
      await dialog.locator('.opp-history__note', { hasText: note }).waitFor();
      found.push(...(await axe(page, `${lang} applicant`)));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The same applications as a table; the exports follow the filter.
      await page.getByRole('button', { name: t(lang, `${D}.kanban.asTable`) }).click();
      await page.getByRole('table', { name: t(lang, `${D}.kanban.tableCaption`) }).waitFor();
      await page.mouse.move(0, 0); // not hovering the button (the scan reads the colours as they are shown)
      await page.locator('.toast__message').first().waitFor({ state: 'detached' }); // nor under the note's toast
      found.push(...(await axe(page, `${lang} board as a table`)));
      const csv = await page.getByRole('button', { name: t(lang, `${D}.kanban.exportCsv`) }).getAttribute('href');
      const res = await context.request.get(`${site.baseURL}${csv}`);
      assert.equal(res.status(), 200);
      assert.match(await res.text(), new RegExp(name.split(' ')[0]));
      assert.deepEqual(found, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe('the organisation', () => {
  it('shows the owner the public profile and its verification (mn)', async () => {
    const { context, page, problems } = await pageAs(OWNER, phone);
    await page.goto(`${site.baseURL}/mn/dashboard/organization`);
    await page.getByRole('heading', { level: 2, name: t('mn', `${D}.org.title`) }).waitFor();
    await page.locator('.opp-badge', { hasText: t('mn', 'opportunities.orgStatuses.verified') }).waitFor();
    assert.equal(await field(page, t('mn', `${D}.org.website`)).inputValue(), 'https://steppe-edu.mn');
    await page.getByRole('button', { name: t('mn', `${D}.org.save`) }).click();
    await toastWith(page, t('mn', `${D}.org.saved`));
    assert.deepEqual(await axe(page, 'mn organization'), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
