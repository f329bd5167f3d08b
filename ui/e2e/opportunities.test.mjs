// Opportunities, as people use them, on the demo data (--demo): a student finds a posting by a
// Latin-spelled Mongolian query, filters, reloads and goes back (the search is the URL), opens
// it, applies (answers with the keyboard, a cover letter, a PDF; first refused until the
// national ID is verified, nothing typed lost), sees the status there and in "My
// applications", opts out after confirming; saves a posting; the organisation's page; the
// Direction Board match; signed out and enterprise visitors. Both languages, phone and
// desktop widths, axe on every screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, field, tf, unexpected } from './forms-helpers.mjs';
import { focused, t, useSite, watch } from './harness.mjs';
import { signInApi } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const STUDENT = { email: 'student@demo.gerege.mn', password: 'gerege-demo-2026' };
const OWNER = { email: 'owner@demo.gerege.mn', password: 'gerege-demo-2026' };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** The postings the journeys use: a Latin query for the Mongolian title, and both titles. */
const POSTINGS = {
  en: { slug: 'software-developer-go', query: 'programm hugjuulegch', title: { en: 'Software developer (Go)', mn: 'Програм хөгжүүлэгч (Go)' } },
  mn: { slug: 'accountant', query: 'nyagtlan bodogch', title: { en: 'Accountant', mn: 'Нягтлан бодогч' } },
};

async function open(viewport, who) {
  const context = await site.browser.newContext({ viewport });
  if (who) {
    await signInApi(context, site.baseURL, who);
    // The note the app keeps while a session exists (lib/session HINT), as signing in on a page sets it.
    await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
  }
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

/** The app has taken over and nothing in the main part is loading. */
async function settled(page) {
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

const results = (page) => page.locator('.opp-list .card__title');

describe('finding opportunities', () => {
  for (const [lang, viewport] of [['en', DESKTOP], ['mn', PHONE], ['en', PHONE], ['mn', DESKTOP]]) {
    it(`by a Latin query, with filters that survive reload and back (${lang}, ${viewport.width}px)`, async () => {
      const { context, page, problems } = await open(viewport);
      const found = [];
      const { query, title } = POSTINGS.en;
      await page.goto(`${site.baseURL}/${lang}/opportunities`);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: t(lang, 'pages.opportunities.title') }).waitFor();
      assert.ok((await results(page).count()) >= 10, 'the newest postings are listed');
      found.push(...(await axe(page, `${lang} list`)));

      // Words in Latin letters find the Mongolian title (the card shows the page's language).
      const search = page.getByRole('searchbox', { name: t(lang, 'opportunities.browse.q') });
      await search.fill(query);
      await search.press('Enter');
      await page.waitForURL(/\?q=programm\+hugjuulegch$/);
      await results(page).filter({ hasText: title[lang] }).waitFor();
      assert.equal(await results(page).count(), 1);

      // A filter applies at once and is in the URL; the count of filters shows on the toggle.
      if (!(await page.locator('details.opp-filters').evaluate((d) => d.open))) {
        await page.getByText(t(lang, 'opportunities.browse.filters'), { exact: true }).click();
      }
      await page.getByLabel(t(lang, 'opportunities.browse.fields.kind'), { exact: true }).selectOption('education');
      await page.waitForURL(/kind=education/);
      await page.getByRole('heading', { name: t(lang, 'opportunities.browse.empty.title') }).waitFor();
      found.push(...(await axe(page, `${lang} no results`)));

      // Reload: the words, the filter and the (empty) result come back from the URL.
      await page.reload();
      await settled(page);
      await page.getByRole('heading', { name: t(lang, 'opportunities.browse.empty.title') }).waitFor();
      assert.equal(await search.inputValue(), query);
      assert.equal(await page.getByLabel(t(lang, 'opportunities.browse.fields.kind'), { exact: true }).inputValue(), 'education');

      // Back: the search before the filter, with its result.
      await page.goBack();
      await page.waitForURL(/\?q=programm\+hugjuulegch$/);
      await results(page).filter({ hasText: title[lang] }).waitFor();
      assert.equal(await page.getByLabel(t(lang, 'opportunities.browse.fields.kind'), { exact: true }).inputValue(), '');

      // "Load more" brings the next page with the API's cursor.
      await page.goto(`${site.baseURL}/${lang}/opportunities?sort=deadline`);
      await settled(page);
      const first = await results(page).count();
      await page.getByRole('button', { name: t(lang, 'opportunities.browse.more') }).click();
      await page.waitForFunction((n) => document.querySelectorAll('.opp-list .card__title').length > n, first);

      // A Direction Board result's link: the match is said, and only its fields are listed.
      await page.goto(`${site.baseURL}/${lang}/opportunities?holland=SAE`);
      await settled(page);
      await page.getByText(tf(lang, 'opportunities.browse.holland', { code: 'SAE' })).waitFor();
      assert.ok((await results(page).count()) > 0);
      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    });
  }
});

describe('one opportunity', () => {
  it('signed out: the facts, the organisation, and "sign in to apply" that comes back', async () => {
    for (const lang of ['en', 'mn']) {
      const { context, page, problems } = await open(PHONE);
      const { slug, title } = POSTINGS.en;
      // The server renders the posting into the page: the app starts from its data, no request.
      const asked = [];
      page.on('request', (r) => new URL(r.url()).pathname === `/api/opportunities/${slug}` && asked.push(r.url()));
      await page.goto(`${site.baseURL}/${lang}/opportunities/${slug}`);
      await settled(page);
      await page.getByRole('heading', { level: 1, name: title[lang] }).waitFor();
      assert.equal(await page.locator('#page-data').count(), 1);
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, 'the app replaced the server rendition');
      assert.deepEqual(asked, []);
      assert.match(await page.title(), new RegExp(title[lang].replace(/[()]/g, '\\$&')));
      await page.getByRole('heading', { name: t(lang, 'opportunities.posting.factsTitle') }).waitFor();
      const signIn = page.getByRole('link', { name: t(lang, 'opportunities.posting.signIn') });
      assert.equal(await signIn.getAttribute('href'), `/${lang}/auth/login?returnTo=${encodeURIComponent(`/${lang}/opportunities/${slug}`)}`);
      assert.deepEqual(await axe(page, `${lang} posting, signed out`), []);

      // The organisation's page: verified, with its open postings.
      await page.getByRole('link', { name: 'Khangai Mining LLC (demo)' }).click();
      await page.getByRole('heading', { level: 1, name: /Khangai Mining LLC \(demo\)/ }).waitFor();
      await page.getByRole('heading', { name: t(lang, 'opportunities.org.open') }).waitFor();
      await results(page).filter({ hasText: title[lang] }).waitFor();
      assert.deepEqual(await axe(page, `${lang} organization`), []);

      // An unknown posting: the server's 404 page; reached inside the app, the page says so.
      const res = await page.goto(`${site.baseURL}/${lang}/opportunities/no-such-posting`);
      assert.equal(res.status(), 404);
      await page.getByRole('heading', { level: 1, name: t(lang, 'status.notFound.title') }).waitFor();
      await page.goto(`${site.baseURL}/${lang}/opportunities`);
      await settled(page);
      await page.evaluate(() => {
        history.pushState(null, '', location.pathname + '/no-such-posting');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { level: 1, name: t(lang, 'opportunities.posting.notFound') }).waitFor();
      assert.deepEqual(unexpected(problems, /HTTP 404: .*\/api\/opportunities\/no-such-posting$/, /no-such-posting: Failed to load resource: .* 404/), []);
      await context.close();
    }
  });

  it('an enterprise account sees no apply button', async () => {
    const { context, page, problems } = await open(DESKTOP, OWNER);
    await page.goto(`${site.baseURL}/en/opportunities/${POSTINGS.en.slug}`);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: POSTINGS.en.title.en }).waitFor();
    await page.getByRole('heading', { name: t('en', 'opportunities.posting.factsTitle') }).waitFor();
    assert.equal(await page.getByRole('button', { name: t('en', 'opportunities.posting.apply') }).count(), 0);
    assert.equal(await page.getByRole('link', { name: t('en', 'opportunities.posting.signIn') }).count(), 0);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });
});

describe('applying', () => {
  let verified = false;
  for (const [lang, viewport] of [['en', DESKTOP], ['mn', PHONE]]) {
    it(`a student finds, applies, follows and opts out (${lang}, ${viewport.width}px)`, async () => {
      const { context, page, problems } = await open(viewport, STUDENT);
      const found = [];
      const { slug, query, title } = POSTINGS[lang];
      await page.goto(`${site.baseURL}/${lang}/opportunities?q=${encodeURIComponent(query)}`);
      await settled(page);
      await page.getByRole('link', { name: title[lang] }).click();
      await page.waitForURL(new RegExp(`/${lang}/opportunities/${slug}$`));
      await page.getByRole('heading', { level: 1, name: title[lang] }).waitFor();

      // Save it: it is then among the saved opportunities.
      await page.getByRole('button', { name: t(lang, 'opportunities.posting.save') }).click();
      await page.getByRole('button', { name: t(lang, 'opportunities.posting.unsave') }).waitFor();

      if (!verified) {
        // Without a verified national ID the page says so before anything is typed.
        await page.getByText(t(lang, 'opportunities.posting.idNeeded')).waitFor();
      }
      await page.getByRole('button', { name: t(lang, 'opportunities.posting.apply') }).click();
      const form = page.locator('form.opp-apply');
      await form.waitFor();
      found.push(...(await axe(page, `${lang} apply form`)));

      // Sent empty: the required answer and the CV are named, the focus on the first.
      await form.getByRole('button', { name: t(lang, 'opportunities.apply.submit') }).click();
      const yes = form.getByRole('radio', { name: t(lang, 'opportunities.answers.yes') });
      await focused(yes);
      await form.getByText(t(lang, 'opportunities.apply.required')).waitFor();
      await form.getByText(t(lang, 'opportunities.apply.fileRequired')).waitFor();

      // Answer with the keyboard, write, attach a PDF.
      await page.keyboard.press('Space');
      assert.ok(await yes.isChecked());
      const letter = t(lang, 'opportunities.apply.coverLetter');
      await field(form, letter).fill('Би Go хэлээр гурван жил ажилласан.');
      // The CV: in English uploaded; in Mongolian chosen from My files (the demo student's
      // "CV (English).pdf" in the folder Applications) with the keyboard, the picker focused.
      const cv = t(lang, 'opportunities.documents.cv');
      await form.getByRole('button', { name: t(lang, 'opportunities.apply.fromMyFiles') }).click();
      const picker = form.getByLabel(tf(lang, 'opportunities.apply.myFilesLabel', { document: cv }), { exact: true });
      await focused(picker);
      found.push(...(await axe(page, `${lang} apply form, My files`)));
      if (lang === 'en') {
        await field(form, cv).setInputFiles({
          name: 'cv.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
        });
      } else {
        await picker.selectOption({ label: tf(lang, 'opportunities.apply.inFolder', { name: 'CV (English).pdf', folder: 'Applications' }) });
      }

      if (!verified) {
        // The server refuses until the ID is verified: its message, a link to the account
        // page, and nothing typed is lost.
        await form.getByRole('button', { name: t(lang, 'opportunities.apply.submit') }).click();
        await form.getByText(t(lang, 'opportunities.errors.idVerification')).waitFor();
        assert.equal(await form.getByRole('link', { name: t(lang, 'opportunities.apply.verifyLink') }).getAttribute('href'), `/${lang}/dashboard/user/account`);
        assert.equal(await field(form, letter).inputValue(), 'Би Go хэлээр гурван жил ажилласан.');
        assert.ok(await yes.isChecked());
        const res = await context.request.put(`${site.baseURL}/api/account/id-verification`, {
          data: { surname: 'Ганбаатар', givenName: 'Тэмүүлэн', dateOfBirth: '2000-04-15', idNumber: 'УБ00241534' },
        });
        assert.equal(res.status(), 200, await res.text());
        verified = true;
      }
      await form.getByRole('button', { name: t(lang, 'opportunities.apply.submit') }).click();

      // The confirmation, focused, with the timeline; the page now shows the status.
      const sent = page.getByRole('heading', { name: t(lang, 'opportunities.posting.applied.sent') });
      await focused(sent);
      await page.locator('.opp-own p').filter({ hasText: t(lang, 'opportunities.applicationStatuses.submitted') }).first().waitFor();
      await page.locator('.opp-timeline li').filter({ hasText: t(lang, 'opportunities.applicationStatuses.submitted') }).waitFor();
      found.push(...(await axe(page, `${lang} applied`)));

      // My applications: the new one first, with its status and the document sent.
      await page.getByRole('link', { name: t(lang, 'opportunities.posting.applied.follow') }).click();
      await page.getByRole('heading', { level: 1, name: t(lang, 'opportunities.mine.applications.title') }).waitFor();
      await settled(page);
      const nav = page.getByRole('navigation', { name: t(lang, 'dashboard.nav.label') });
      if (viewport === PHONE) await nav.getByRole('button', { name: t(lang, 'dashboard.nav.menu') }).click();
      assert.equal(await nav.getByRole('link', { name: t(lang, 'dashboard.nav.applications') }).getAttribute('aria-current'), 'page');
      // On a phone the dashboard menu is a drawer over the page now: close it to use the page.
      if (viewport === PHONE) await page.keyboard.press('Escape');
      const mine = page.locator('article.opp-app').filter({ has: page.getByRole('link', { name: title[lang] }) });
      await mine.locator('.opp-status').getByText(t(lang, 'opportunities.applicationStatuses.submitted'), { exact: true }).waitFor();
      await mine.getByRole('link', { name: t(lang, 'opportunities.documents.cv') }).waitFor();
      // The demo's earlier applications are there too, in their statuses.
      await page.locator('.opp-status').getByText(t(lang, 'opportunities.applicationStatuses.offer'), { exact: true }).first().waitFor();
      found.push(...(await axe(page, `${lang} my applications`)));

      // Opt out: a dialog asks first; Esc keeps the application, the confirm button withdraws it.
      await mine.getByRole('button', { name: t(lang, 'opportunities.mine.withdraw') }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'opportunities.mine.confirmTitle') });
      await dialog.waitFor();
      found.push(...(await axe(page, `${lang} opt out dialog`)));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await mine.getByRole('button', { name: t(lang, 'opportunities.mine.withdraw') }).click();
      await dialog.getByRole('button', { name: t(lang, 'opportunities.mine.confirm') }).click();
      await mine.locator('.opp-status').getByText(t(lang, 'opportunities.applicationStatuses.opted_out'), { exact: true }).waitFor();
      assert.equal(await mine.getByRole('button', { name: t(lang, 'opportunities.mine.withdraw') }).count(), 0);

      // Saved opportunities lists the posting saved above.
      await page.goto(`${site.baseURL}/${lang}/dashboard/saved`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'opportunities.mine.saved.title') }).waitFor();
      await results(page).filter({ hasText: title[lang] }).waitFor();
      found.push(...(await axe(page, `${lang} saved`)));

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems, /HTTP 403: .*\/applications$/, /Failed to load resource: .* 403/), []);
      await context.close();
    });
  }
});
