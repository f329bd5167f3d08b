// The workspace's people pages, as an admin uses them (demo accounts, --demo), in both
// languages, on a phone and a desktop: find a person by search, open them, change their name
// and their role in the organisation, suspend them; the card view then shows them, suspended.
// axe on the list, the edit page and the cards; no raw keys, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe, unexpected } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { signInApi, tf } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const ADMIN = { email: 'admin@demo.gerege.mn', password: 'gerege-demo-2026' };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };

// Each language edits another of the demo organisation's counselors (app/workspace/people/demo.go).
const cases = [
  { lang: 'en', viewport: DESKTOP, search: 'Sarah', first: 'Sarah', renamed: 'Sara' },
  { lang: 'mn', viewport: PHONE, search: 'Лхагва', first: 'Ганбат', renamed: 'Ганбаатар' },
];

describe('people: an admin edits an account', () => {
  for (const { lang, viewport, search, renamed } of cases) {
    it(`search, rename, make manager, suspend, see the card (${lang}, ${viewport.width}px)`, async () => {
      const context = await site.browser.newContext({ viewport, bypassCSP: false });
      await signInApi(context, site.baseURL, ADMIN);
      await context.addCookies([{ name: 'gerege_signed_in', value: '1', url: site.baseURL }]);
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      const found = [];

      // The list: search by name.
      await page.goto(`${site.baseURL}/${lang}/dashboard/user/list`);
      await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
      await page.getByRole('heading', { level: 1, name: t(lang, 'people.ui.list.title') }).waitFor();
      const table = page.locator('.table-scroll table');
      await table.waitFor();
      found.push(...(await axe(page, `${lang} list`)));
      await page.getByLabel(t(lang, 'people.ui.search')).fill(search);
      await page.getByRole('button', { name: t(lang, 'people.ui.apply') }).click();
      const rows = table.locator('tbody tr');
      await page.waitForFunction(() => document.querySelectorAll('.table-scroll tbody tr').length === 1);
      const link = rows.first().getByRole('link');
      assert.match(await link.innerText(), new RegExp(search));

      // The edit page: a new first name, manager instead of counselor.
      await link.click();
      await page.getByRole('heading', { level: 1, name: t(lang, 'people.ui.editPage.title') }).waitFor();
      const first = page.getByLabel(t(lang, 'people.ui.firstName'));
      await first.fill(renamed);
      await page.getByLabel(t(lang, 'people.ui.orgRole')).selectOption('manager');
      const details = page.locator('#person-details');
      await details.getByRole('button', { name: t(lang, 'people.ui.save') }).click();
      await details.getByText(t(lang, 'people.ui.saved')).waitFor();
      await page.locator('.people-head').getByText(t(lang, 'people.ui.roles.manager'), { exact: false }).waitFor();
      found.push(...(await axe(page, `${lang} edit`)));

      // Suspend: the page says since when, and offers to reactivate.
      await page.getByRole('button', { name: t(lang, 'people.ui.suspend'), exact: true }).click();
      await page.getByRole('button', { name: t(lang, 'people.ui.reactivate') }).waitFor();
      await page.locator('#person-access mark.people-status').waitFor();

      // The cards: the person, renamed, with their initials and "suspended".
      await page.getByRole('link', { name: t(lang, 'people.ui.back') }).click();
      await table.waitFor();
      await page.getByRole('link', { name: t(lang, 'people.ui.cardsView') }).click();
      await page.getByRole('heading', { level: 1, name: t(lang, 'people.ui.cards.title') }).waitFor();
      await page.getByLabel(t(lang, 'people.ui.search')).fill(renamed);
      await page.getByLabel(t(lang, 'people.ui.status')).selectOption('suspended');
      await page.getByRole('button', { name: t(lang, 'people.ui.apply') }).click();
      await page.waitForFunction(() => document.querySelectorAll('.people-card').length === 1);
      const card = page.locator('.people-card');
      await card.getByRole('heading', { name: new RegExp(renamed) }).waitFor();
      await card.getByText(t(lang, 'people.ui.suspended'), { exact: true }).waitFor();
      await card.getByText(t(lang, 'people.ui.roles.manager'), { exact: false }).waitFor();
      assert.equal((await card.locator('.people-avatar').innerText()).trim().length, 2);
      assert.ok(await card.getByRole('link', { name: tf(lang, 'people.ui.editName', { name: await card.getByRole('heading').innerText() }) }).count());
      found.push(...(await axe(page, `${lang} cards`)));

      // Fits the screen: nothing wider than the viewport but the table's own scroller.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
      const raw = await page.locator('main').innerText();
      assert.ok(!/people\.ui\.|dashboard\.nav\./.test(raw), `raw keys: ${raw}`);

      assert.deepEqual(found, []);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    });
  }
});
