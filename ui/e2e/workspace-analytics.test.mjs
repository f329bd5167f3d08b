// The analytics pages as people use them (demo accounts, --demo): an organisation's owner in
// English at 1366 px sees their postings' applications, the funnel and the reports' 24-hour
// record and their communities' members, each chart with its table (caption, in a <details>), and not the platform's; a platform admin in Mongolian at
// 375 px sees sign-ups and active people per day, the Holland codes and five series per month, and downloads the
// sign-ups as CSV. axe, no raw keys, no console errors.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axe } from './forms-helpers.mjs';
import { t, useSite, watch } from './harness.mjs';
import { memberPage, settled, signInApi } from './auth-helpers.mjs';
import { pageTexts, rawKeys } from './raw-keys.mjs';

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

const P = 'workspaceAnalytics.page';

/** A chart's table: opened from its <details>, named by its caption. */
async function openTable(page, lang, title) {
  const section = page.getByRole('region', { name: title, exact: true });
  await section.locator('summary').click();
  const table = section.getByRole('table', { name: title });
  await table.waitFor();
  return table;
}

describe('analytics', () => {
  it('an owner (en, 1366 px): postings, funnel and reports with their tables; not the platform figures', async () => {
    const lang = 'en';
    const { context, page, problems } = await pageAs('owner', WIDE);
    await page.goto(`${site.baseURL}/${lang}/dashboard/analytics`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.analytics.title'), exact: true }).waitFor();
    await settled(page);
    const res = await page.request.get(`${site.baseURL}/api/analytics/organization`);
    assert.equal(res.status(), 200);
    const data = await res.json();
    const funnel = await openTable(page, lang, t(lang, `${P}.funnel.title`));
    for (const s of data.funnel) {
      const row = funnel.getByRole('row', { name: new RegExp(`^${t(lang, `${P}.funnel.stages.${s.stage}`)}`) });
      assert.equal((await row.getByRole('cell').textContent()).trim(), String(s.count), s.stage);
    }
    await openTable(page, lang, t(lang, `${P}.postings.title`));
    // The demo's three months of views: the funnel starts with them, the busiest posting first.
    assert.ok(data.funnel[0].stage === 'viewed' && data.funnel[0].count > data.funnel[1].count, JSON.stringify(data.funnel));
    const busiest = [...data.postings].sort((a, b) => b.views - a.views)[0];
    const views = await openTable(page, lang, t(lang, `${P}.postings.viewsTitle`));
    assert.equal((await views.locator('tbody tr').first().getByRole('cell').textContent()).trim(), String(busiest.views));
    await openTable(page, lang, t(lang, `${P}.reports.title`));
    await openTable(page, lang, t(lang, `${P}.communities.title`));
    assert.equal(await page.locator('svg [style]').count(), 0);
    assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), []);
    assert.deepEqual(await axe(page, 'analytics (en, wide)'), []);
    const nav = page.getByRole('navigation', { name: t(lang, 'dashboard.nav.label') });
    assert.equal(await nav.getByRole('link', { name: t(lang, 'dashboard.nav.analytics'), exact: true }).count(), 1);
    // The platform's figures are the admins': not on the owner's page, refused by the server.
    assert.equal(await page.getByRole('region', { name: t(lang, `${P}.signups.title`) }).count(), 0);
    assert.equal((await page.request.get(`${site.baseURL}/api/analytics/platform`)).status(), 403);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an admin (mn, 375 px): sign-ups, active people, Holland codes, the sign-ups CSV', async () => {
    const lang = 'mn';
    const { context, page, problems } = await pageAs('admin', PHONE);
    await page.goto(`${site.baseURL}/${lang}/dashboard/analytics`);
    await page.getByRole('heading', { level: 1, name: t(lang, 'dashboard.analytics.title'), exact: true }).waitFor();
    await settled(page);
    assert.equal(await page.getByRole('region', { name: t(lang, `${P}.funnel.title`) }).count(), 0);
    const signups = await openTable(page, lang, t(lang, `${P}.signups.title`));
    assert.equal(await signups.locator('tbody tr').count(), 30);
    await openTable(page, lang, t(lang, `${P}.active.title`));
    await openTable(page, lang, t(lang, `${P}.holland.title`));
    const months = await openTable(page, lang, t(lang, `${P}.monthly.series.forms`));
    assert.equal(await months.locator('tbody tr').count(), 12);
    const signupsRegion = page.getByRole('region', { name: t(lang, `${P}.signups.title`), exact: true });
    const href = await signupsRegion.getByRole('button', { name: new RegExp(`^${t(lang, `${P}.csv`)}`) }).getAttribute('href');
    const csv = await page.request.get(`${site.baseURL}${href}`);
    assert.equal(csv.status(), 200);
    assert.match(await csv.text(), new RegExp(`^\uFEFF${t(lang, 'workspaceAnalytics.export.day')},`));
    assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), []);
    assert.deepEqual(await axe(page, 'analytics platform (mn, phone)'), []);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `no sideways scrolling (${width} px)`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an owner who is also an admin, of a new organisation (mn, dark): both parts, empty but readable', async () => {
    const lang = 'mn';
    const { context, page, problems } = await memberPage(site, { viewport: WIDE, colorScheme: 'dark' }, watch);
    await page.goto(`${site.baseURL}/${lang}/dashboard/analytics`);
    await page.getByRole('heading', { level: 2, name: t(lang, `${P}.org`), exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: t(lang, `${P}.platform`), exact: true }).waitFor();
    await settled(page);
    const postings = await openTable(page, lang, t(lang, `${P}.postings.title`));
    assert.equal(await postings.locator('tbody tr').count(), 0);
    await openTable(page, lang, t(lang, `${P}.signups.title`));
    assert.deepEqual(rawKeys((await pageTexts(page)).join('\n')), []);
    assert.deepEqual(await axe(page, 'analytics both (mn, dark)'), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
