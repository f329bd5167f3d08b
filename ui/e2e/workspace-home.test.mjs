// The dashboard's application shell and the workspace home, as people use them (demo accounts,
// --demo), in both languages at 1366 px and 375 px: the sidebar lists only the pages a person
// may open (an individual, an organisation owner, an admin), the home shows the counts the
// server answers for the widgets they may see, the permission table marks their roles, the
// blank page is its title, the drawer works by keyboard on a phone (focus inside, Escape closes
// it, focus back on the menu button), and a wide table fits 1366 px without sideways scrolling.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe } from './forms-helpers.mjs';
import { focused, t, useSite, watch } from './harness.mjs';
import { settled, signInApi, tf } from './auth-helpers.mjs';

const site = useSite({ args: ['--demo'] });
const PASSWORD = 'gerege-demo-2026';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };

async function pageAs(name, viewport) {
  const context = await site.browser.newContext({ viewport });
  await signInApi(context, site.baseURL, { email: `${name}@demo.gerege.mn`, password: PASSWORD });
  const page = await context.newPage();
  return { context, page, problems: watch(page, site.baseURL) };
}

const sideNav = (page, lang) => page.getByRole('navigation', { name: t(lang, 'dashboard.nav.label') });
const heading = (page, text) => page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
/** The widget's words for a count (i18next's plural forms: one and other in both languages). */
const widgetText = (lang, key, count) => tf(lang, `home.widgets.${key}_${count === 1 ? 'one' : 'other'}`, { count });

/** The home of `name`: the widgets the server answers are the ones shown, with their counts. */
async function checkHome(page, lang, want, notWanted) {
  await page.goto(`${site.baseURL}/${lang}/dashboard/app`);
  await heading(page, t(lang, 'dashboard.app.title'));
  await settled(page);
  const res = await page.request.get(`${site.baseURL}/api/workspace/home`);
  assert.equal(res.status(), 200);
  const { widgets } = await res.json();
  assert.deepEqual(widgets.map((w) => w.key).sort(), [...want].sort());
  const shown = page.locator('.home-widget');
  assert.equal(await shown.count(), widgets.length);
  for (const w of widgets) {
    const link = page.locator(`[data-widget="${w.key}"] a`);
    assert.equal((await link.textContent()).trim(), widgetText(lang, w.key, w.count), w.key);
    assert.equal(await link.getAttribute('href'), `/${lang}${w.href}`);
  }
  for (const key of notWanted) assert.equal(await page.locator(`[data-widget="${key}"]`).count(), 0, `no ${key}`);
  return widgets;
}

describe('the workspace shell and home', () => {
  it('an individual (en, 1366 px): own pages only, the home with deadlines and reports, the permission table, the blank page', async () => {
    const lang = 'en';
    const { context, page, problems } = await pageAs('student', WIDE);
    await checkHome(page, lang, ['deadlines', 'reportsOnTheClock', 'todayAppointments', 'unreadMail', 'unreadMessages'], ['applicationsToReview']);
    const labels = await sideNav(page, lang).getByRole('link').allTextContents();
    for (const key of ['app', 'home', 'permission', 'applications', 'saved', 'profile']) assert.ok(labels.includes(t(lang, `dashboard.nav.${key}`)), key);
    for (const key of ['outbox', 'audit', 'settings', 'kanban', 'blank']) assert.ok(!labels.includes(t(lang, `dashboard.nav.${key}`)), `no ${key}`);
    assert.equal(await sideNav(page, lang).getByRole('link', { name: t(lang, 'dashboard.nav.app'), exact: true }).getAttribute('aria-current'), 'page');
    // No site header or footer navigation inside the dashboard: the shell's top bar instead.
    assert.equal(await page.getByRole('navigation', { name: t(lang, 'layout.nav.label') }).count(), 0);
    // The bell (its name says how many are unread) and the account menu are in the top bar.
    const top = page.getByRole('banner');
    await top.getByRole('button', { name: new RegExp(`^${t(lang, 'notifications.bell.label')}`) }).waitFor();
    await top.locator('.user-menu').waitFor();
    assert.deepEqual(await axe(page, 'home (en, wide)'), []);

    // The top bar's search goes to a page by its name.
    const search = page.getByRole('combobox', { name: t(lang, 'dashboard.nav.search') });
    await search.fill(t(lang, 'dashboard.nav.permission'));
    await search.press('Enter');
    await page.waitForURL('**/en/dashboard/permission');
    await heading(page, t(lang, 'dashboard.permission.title'));
    await settled(page);
    await page.getByText(tf(lang, 'home.permission.yourRoles', { roles: t(lang, 'home.permission.roles.individual') })).waitFor();
    const table = page.getByRole('table', { name: t(lang, 'home.permission.caption') });
    await table.getByRole('columnheader', { name: `${t(lang, 'home.permission.roles.individual')} (${t(lang, 'home.permission.yours')})` }).waitFor();
    const apply = table.getByRole('row').filter({ hasText: t(lang, 'home.permission.perms.opportunities-apply') });
    // The last cell is "You": granted through the individual role.
    assert.equal((await apply.getByRole('cell').last().textContent()).trim(), t(lang, 'home.permission.granted'));
    const audit = table.getByRole('row').filter({ hasText: t(lang, 'home.permission.perms.admin-audit-read') });
    assert.equal((await audit.getByRole('cell').last().textContent()).trim(), t(lang, 'home.permission.notGranted'));
    // Ten columns fit 1366 px beside the sidebar.
    const fit = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, table: document.querySelector('.table-scroll table').scrollWidth, box: document.querySelector('.table-scroll').clientWidth }));
    assert.ok(fit.page <= WIDE.width, `no sideways page scroll (${fit.page}px)`);
    assert.ok(fit.table <= fit.box, `the table fits its box (${fit.table} > ${fit.box})`);
    assert.deepEqual(await axe(page, 'permission (en, wide)'), []);

    // The blank page: its title and nothing else.
    await page.goto(`${site.baseURL}/${lang}/dashboard/blank`);
    await heading(page, t(lang, 'dashboard.blank.title'));
    await settled(page);
    assert.equal((await page.locator('main').textContent()).trim(), t(lang, 'dashboard.blank.title'));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("an organisation owner's home has the applications to review (mn, 1366 px); an admin's sidebar has the admin pages and the audit table fits", async () => {
    const lang = 'mn';
    const owner = await pageAs('owner', WIDE);
    const widgets = await checkHome(owner.page, lang, ['applicationsToReview', 'reportsOnTheClock', 'todayAppointments', 'unreadMail', 'unreadMessages'], ['deadlines']);
    assert.ok(widgets.find((w) => w.key === 'applicationsToReview').count > 0, 'the demo has new applications');
    const ownerLabels = await sideNav(owner.page, lang).getByRole('link').allTextContents();
    for (const key of ['kanban', 'jobs', 'organization']) assert.ok(ownerLabels.includes(t(lang, `dashboard.nav.${key}`)), key);
    assert.ok(!ownerLabels.includes(t(lang, 'dashboard.nav.outbox')), 'no outbox for an owner');
    assert.deepEqual(await axe(owner.page, 'home (mn, wide)'), []);
    assert.deepEqual(owner.problems, []);
    await owner.context.close();

    const admin = await pageAs('admin', WIDE);
    await admin.page.goto(`${site.baseURL}/${lang}/dashboard/admin/audit`);
    await heading(admin.page, t(lang, 'dashboard.audit.title'));
    await settled(admin.page);
    await admin.page.getByRole('table').first().waitFor();
    const labels = await sideNav(admin.page, lang).getByRole('link').allTextContents();
    for (const key of ['outbox', 'audit', 'settings', 'approvals', 'permission']) assert.ok(labels.includes(t(lang, `dashboard.nav.${key}`)), key);
    const width = await admin.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= WIDE.width, `the audit log fits 1366 px (${width}px)`);
    assert.deepEqual(admin.problems, []);
    await admin.context.close();
  });

  for (const lang of ['mn', 'en']) {
    it(`on a phone (${lang}, 375 px) the sidebar is a drawer that works by keyboard, and tables are cards`, async () => {
      const { context, page, problems } = await pageAs('student', PHONE);
      await checkHome(page, lang, ['deadlines', 'reportsOnTheClock', 'todayAppointments', 'unreadMail', 'unreadMessages'], ['applicationsToReview']);
      const nav = sideNav(page, lang);
      const opener = nav.getByRole('button', { name: t(lang, 'dashboard.nav.menu') });
      assert.equal(await nav.getByRole('link').count(), 0, 'folded');
      await opener.focus();
      await page.keyboard.press('Enter');
      const close = nav.getByRole('button', { name: t(lang, 'dashboard.nav.close') });
      await focused(close);
      assert.equal(await opener.getAttribute('aria-expanded'), 'true');
      assert.deepEqual(await axe(page, `drawer (${lang}, phone)`), []);
      // Focus stays inside: back from the first goes to the last link, on from the last to the first.
      await page.keyboard.press('Shift+Tab');
      await focused(nav.getByRole('link').last());
      await page.keyboard.press('Tab');
      await focused(close);
      await page.keyboard.press('Escape');
      await focused(opener);
      assert.equal(await opener.getAttribute('aria-expanded'), 'false');
      assert.equal(await nav.getByRole('link').count(), 0, 'folded again');

      // Choose a page from the drawer by keyboard: Tab to the link, Enter.
      await page.keyboard.press('Enter');
      await focused(close);
      const target = nav.getByRole('link', { name: t(lang, 'dashboard.nav.permission'), exact: true });
      while (!(await target.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await heading(page, t(lang, 'dashboard.permission.title'));
      await settled(page);
      assert.equal(await opener.getAttribute('aria-expanded'), 'false');
      // The table is one card per row, each value under its column's name.
      const firstRow = page.locator('.table-scroll tbody tr').first();
      const box = await firstRow.boundingBox();
      assert.ok(box.width <= PHONE.width, `a card fits (${box.width}px)`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `no sideways scrolling (${width}px)`);
      assert.deepEqual(await axe(page, `permission (${lang}, phone)`), []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
