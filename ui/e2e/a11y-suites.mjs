// Every page in both languages, at desktop and phone widths, light and dark: an axe-core scan
// with no serious or critical violation, exactly one h1, the landmarks, no dead link, no
// sideways scrolling, nothing from another host, no console error (CSP violations included).
// The suites are split over test files (a11y-<lang>.test.mjs: the pages as served and the
// open states; a11y-axe-<lang>.test.mjs: the axe scan of every page, one language each), so the
// runner runs them side by side: the scan of every page was a third of the browser suite.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { injectAxe, manifest, t, urlOf, useSite, watch } from './harness.mjs';
import { isDashboard, memberPage, registerApi, settled, signInApi } from './auth-helpers.mjs';

/**
 * Declares the suites: `served`, the languages whose pages are checked as served (and their open
 * states); `axeLangs`, the languages whose every page axe scans in every view.
 */
export function a11ySuites({ served = [], axeLangs = [] }) {
  const site = useSite();


  const views = [
    { name: 'desktop', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
    { name: 'phone', viewport: { width: 360, height: 740 }, colorScheme: 'light' },
    { name: 'desktop dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  ];

  /** The applicant's dashboard pages, which organisations' accounts (the member) may not open. */
  const APPLICANT_ONLY = new Set(['/dashboard/applications', '/dashboard/saved']);
  let applicant;
  /** A page signed in as an individual (made once), for the applicant's pages. */
  async function applicantPage(options) {
    applicant ??= registerApi(site.baseURL, { email: 'applicant.a11y@example.test', firstName: 'Anu', lastName: 'Bat' });
    const context = await site.browser.newContext(options);
    await signInApi(context, site.baseURL, await applicant);
    const page = await context.newPage();
    return { context, page, problems: watch(page, site.baseURL) };
  }

  /** Runs axe in the page; returns the serious and critical violations, readably. */
  async function axe(page) {
    await injectAxe(page);
    const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }

  /** Every URL the site has (":name" is any one segment, as the server matches the manifest); a link anywhere else is a dead link. */
  const patterns = manifest.langs.flatMap((l) => manifest.routes.map((r) => urlOf(l, r.path).split('/')));
  const known = {
    has: (path) => {
      const got = path.split('/');
      return patterns.some((want) => want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i])));
    },
  };

  /** The pages visited: a route with a parameter ("/direction-board/results/:token") needs real
   * data, so its own tests (board.test.mjs) load and scan it. */
  const pages = manifest.routes.filter((r) => !r.path.includes('/:'));

  describe('pages as served (CSP on)', () => {
    for (const lang of served) {
      it(`every ${lang} page loads cleanly at both widths`, async () => {
        for (const view of views.slice(0, 2)) {
          const context = await site.browser.newContext({ viewport: view.viewport });
          const visitor = await context.newPage();
          const problems = watch(visitor, site.baseURL);
          // Dashboard pages are seen signed in (signed out, the server sends visitors to sign in).
          const member = await memberPage(site, { viewport: view.viewport }, watch);
          const individual = await applicantPage({ viewport: view.viewport });
          for (const route of pages) {
            const url = urlOf(lang, route.path);
            const page = APPLICANT_ONLY.has(route.path) ? individual.page : isDashboard(route.path) ? member.page : visitor;
            const res = await page.goto(`${site.baseURL}${url}`);
            if (page !== visitor) await settled(page);
            assert.equal(res.status(), 200, url);
            assert.equal(await page.getAttribute('html', 'lang'), lang, url);
            assert.equal(await page.locator('h1').count(), 1, `${url}: one h1`);
            assert.match(await page.title(), / · Gerege$/, url);
            for (const landmark of ['banner', 'main', 'contentinfo']) {
              assert.equal(await page.getByRole(landmark).count(), 1, `${url}: ${landmark}`);
            }
            // Same-site links go to a known page (or an element of this one), other hosts only
            // where marked rel="external"; mailto: and the API's files (.ics) are fine.
            const links = await page.locator('a[href]').evaluateAll((as) =>
              as.map((a) => {
                const href = a.getAttribute('href');
                if (href.startsWith('#')) return { href, ok: !!document.getElementById(decodeURIComponent(href.slice(1))) };
                if (a.protocol === 'mailto:') return { href, ok: true };
                if (a.origin !== location.origin) return { href, ok: a.relList.contains('external') };
                return { href, path: a.pathname, ok: a.pathname.startsWith('/api/') ? true : null };
              }),
            );
            for (const { href, path, ok } of links) {
              assert.ok(ok ?? known.has(path), `${url}: dead link ${href}`);
            }
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            assert.ok(width <= view.viewport.width, `${url} at ${view.name}: no sideways scrolling (${width}px)`);
          }
          assert.deepEqual([...problems, ...member.problems, ...individual.problems], [], view.name);
          await context.close();
          await member.context.close();
          await individual.context.close();
        }
      });
    }
  });

  describe('axe-core', () => {
    for (const lang of manifest.langs) {
      for (const view of axeLangs.includes(lang) ? views : []) {
        it(`no serious or critical violation on any ${lang} page (${view.name})`, async () => {
          const options = { viewport: view.viewport, colorScheme: view.colorScheme };
          const context = await site.browser.newContext(options);
          const visitor = await context.newPage();
          const problems = watch(visitor, site.baseURL);
          const member = await memberPage(site, options, watch);
          const individual = await applicantPage(options);
          const found = [];
          for (const route of pages) {
            const url = urlOf(lang, route.path);
            const page = APPLICANT_ONLY.has(route.path) ? individual.page : isDashboard(route.path) ? member.page : visitor;
            await page.goto(`${site.baseURL}${url}`);
            if (page !== visitor) await settled(page);
            found.push(...(await axe(page)).map((v) => `${url}: ${v}`));
          }
          assert.deepEqual(found, []);
          assert.deepEqual([...problems, ...member.problems, ...individual.problems], []);
          await context.close();
          await member.context.close();
          await individual.context.close();
        });
      }

      if (served.includes(lang)) it(`no violation in the open states on ${lang} (phone menu, dialog, toasts)`, async () => {
        const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
        const page = await context.newPage();
        const found = [];
        await page.goto(`${site.baseURL}/${lang}/components`);
        await page.getByText(t(lang, 'layout.nav.menu'), { exact: true }).click();
        found.push(...(await axe(page)).map((v) => `menu: ${v}`));
        await page.getByText(t(lang, 'layout.nav.menu'), { exact: true }).click();

        for (const key of ['showInfo', 'showSuccess', 'showWarning', 'showError']) {
          await page.getByRole('button', { name: t(lang, `pages.components.toasts.${key}`) }).click();
        }
        found.push(...(await axe(page)).map((v) => `toasts: ${v}`));

        const opener = page.getByRole('button', { name: t(lang, 'pages.components.dialog.open') });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'pages.components.dialog.heading') });
        await dialog.waitFor();
        found.push(...(await axe(page)).map((v) => `dialog: ${v}`));
        assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus moved into the dialog');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        assert.ok(await opener.evaluate((b) => b === document.activeElement), 'focus back on the opener');
        assert.deepEqual(found, []);
        await context.close();
      });
    }
  });

}
