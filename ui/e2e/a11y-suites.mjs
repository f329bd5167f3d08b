// Every page in both languages, at desktop and phone widths, light and dark, in ONE visit per
// page and width that checks everything a page must be:
//   - as served: status 200, the page's language, exactly one h1, the title, the landmarks, no
//     dead link, no sideways scrolling, nothing from another host, no console error (CSP
//     violations included) — under the real CSP;
//   - no raw catalog key after hydration (the desktop view; raw-keys.mjs says how keys are found),
//     on the routes with parameters too (made-up records: their 404s);
//   - an axe-core scan with no serious or critical violation (both widths);
//   - dark (the desktop view): the same page switched to the dark colour scheme in place
//     (`emulateMedia`, which is what the browser does when the system theme changes — the theme
//     is CSS only, ui/src/ui/theme.css), scanned with axe's colour rules. The switch asks for
//     reduced motion too: Pico then draws the new colours at once instead of fading to them for
//     0.2 s (the same colours, without the wait: 13 s less a desktop file). The other rules see the same document as in light, so they are not run
//     twice; before, a third sweep loaded every page again dark, for half the pages per language.
// A visit costs a load (navigation, hydration, the page's data) and the checks a fraction of
// that, so each page is loaded once per width rather than once per kind of check. The suites
// are split over test files, one language, width and part each (a11y-<lang>-<view>-<site|dashboard>.test.mjs),
// so the runner runs them side by side; the phone's public part also opens the menu, a dialog and the toasts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AXE, injectAxe, manifest, settledColours, t, urlOf, useSite, watch } from './harness.mjs';
import { isDashboard, memberPage, registerApi, settled, signInApi } from './auth-helpers.mjs';
import { pageTexts, rawKeys, visitable } from './raw-keys.mjs';

export const VIEWS = {
  desktop: { viewport: { width: 1280, height: 800 }, colorScheme: 'light', served: true, rawKeys: true, dark: true },
  phone: { viewport: { width: 360, height: 740 }, colorScheme: 'light', served: true, openStates: true },
};

/** The axe rules whose outcome depends on colours: the ones the dark scheme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Declares the sweep of the pages of `lang` in the view `viewName` (a key of VIEWS): `part` is
 * 'site' (the public pages, the made-up records' raw keys, the phone's open states) or
 * 'dashboard' (the signed-in pages). Each part is its own file, so the runner runs them side by
 * side: a whole language and view in one file was the suite's longest pole.
 */
export function a11ySweep(lang, viewName, part) {
  const site = useSite();
  const view = VIEWS[viewName];

  /** The applicant's dashboard pages, which organisations' accounts (the member) may not open. */
  const APPLICANT_ONLY = new Set(['/dashboard/applications', '/dashboard/saved']);
  let applicant;
  /** A page signed in as an individual (made once), for the applicant's pages. */
  async function applicantPage(options) {
    applicant ??= registerApi(site.baseURL, { email: 'applicant.a11y@example.test', firstName: 'Anu', lastName: 'Bat' });
    const context = await withAxe(await site.browser.newContext(options));
    await signInApi(context, site.baseURL, await applicant);
    const page = await context.newPage();
    return { context, page, problems: watch(page, site.baseURL) };
  }

  /** A sweep's context gets axe-core with every document it loads (as the browser's own script,
   * which the page's CSP does not govern), instead of sending its 0.5 MB over the debugging
   * protocol after each of the hundreds of loads. */
  const withAxe = async (context) => {
    await context.addInitScript({ path: AXE });
    return context;
  };

  /** Runs axe in the page (only `rules` if given); returns the serious and critical violations, readably. */
  async function axe(page, rules) {
    await injectAxe(page);
    const options = { resultTypes: ['violations'], ...(rules && { runOnly: rules }) };
    const results = await page.evaluate((o) => window.axe.run(document, o), options);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }

  /** Loaded, hydrated (#app[data-ready]), its data in (no busy region), and effects run. */
  async function load(page, url) {
    const res = await page.goto(url);
    await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
    await settled(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    return res;
  }

  /** The raw keys a page shows, as "url: key". */
  const keysOn = async (page, url) => (await pageTexts(page)).flatMap((text) => rawKeys(text).map((key) => `${url}: ${key}`));

  /** The page switched to the dark scheme in place (no fading: reduced motion), scanned for colours; then light again, motion as the context has it. */
  async function darkProblems(page, url) {
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await settledColours(page);
    const found = (await axe(page, COLOUR_RULES)).map((v) => `${url} (dark): ${v}`);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: null });
    return found;
  }

  /** Every URL the site has (":name" is any one segment, as the server matches the manifest); a link anywhere else is a dead link. */
  const patterns = manifest.langs.flatMap((l) => manifest.routes.map((r) => urlOf(l, r.path).split('/')));
  const known = (path) => {
    const got = path.split('/');
    return patterns.some((want) => want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i])));
  };

  /** The checks of a page as served; returns what is wrong. */
  async function servedProblems(page, url, res) {
    const wrong = [];
    const check = (ok, what) => ok || wrong.push(`${url}: ${what}`);
    check(res.status() === 200, `status ${res.status()}`);
    // Asked side by side: each is a round trip to the browser.
    const [htmlLang, h1s, title, ...landmarks] = await Promise.all([
      page.getAttribute('html', 'lang'),
      page.locator('h1').count(),
      page.title(),
      ...['banner', 'main', 'contentinfo'].map((landmark) => page.getByRole(landmark).count()),
    ]);
    check(htmlLang === lang, 'the html lang');
    check(h1s === 1, 'one h1');
    check(/ · Gerege$/.test(title), `title "${title}"`);
    ['banner', 'main', 'contentinfo'].forEach((landmark, i) => check(landmarks[i] === 1, `one ${landmark}`));
    // Same-site links go to a known page (or an element of this one), other hosts only where
    // marked rel="external"; mailto: and the API's files (.ics) are fine.
    const links = await page.locator('a[href]').evaluateAll((as) =>
      as.map((a) => {
        const href = a.getAttribute('href');
        if (href.startsWith('#')) return { href, ok: !!document.getElementById(decodeURIComponent(href.slice(1))) };
        if (a.protocol === 'mailto:') return { href, ok: true };
        if (a.origin !== location.origin) return { href, ok: a.relList.contains('external') };
        return { href, path: a.pathname, ok: a.pathname.startsWith('/api/') ? true : null };
      }),
    );
    for (const { href, path, ok } of links) check(ok ?? known(path), `dead link ${href}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= view.viewport.width, `sideways scrolling at ${viewName} (${width}px)`);
    return wrong;
  }

  /** The pages visited: a route with a parameter ("/direction-board/results/:token") needs real
   * data, so its own tests (board.test.mjs) load and scan it; here it is checked for raw keys
   * with a made-up record. */
  const pages = manifest.routes.filter((r) => !r.path.includes('/:') && isDashboard(r.path) === (part === 'dashboard'));
  const publicPart = part === 'site';

  describe(`every ${lang} ${part} page (${viewName})`, () => {
    const checks = ['axe', view.served && 'as served', view.rawKeys && 'raw keys', view.dark && 'dark'].filter(Boolean).join(', ');
    it(`${checks}: nothing wrong on any page`, async () => {
      const options = { viewport: view.viewport, colorScheme: view.colorScheme };
      const context = await withAxe(await site.browser.newContext(options));
      const visitor = await context.newPage();
      const problems = watch(visitor, site.baseURL);
      // Dashboard pages are seen signed in (signed out, the server sends visitors to sign in).
      const member = await memberPage(site, options, watch);
      await withAxe(member.context);
      const individual = await applicantPage(options);
      const found = [];
      for (const route of pages) {
        const url = urlOf(lang, route.path);
        const page = APPLICANT_ONLY.has(route.path) ? individual.page : isDashboard(route.path) ? member.page : visitor;
        const res = await load(page, `${site.baseURL}${url}`);
        if (view.served) found.push(...(await servedProblems(page, url, res)));
        if (view.rawKeys) found.push(...(await keysOn(page, url)));
        found.push(...(await axe(page)).map((v) => `${url}: ${v}`));
        if (view.dark) found.push(...(await darkProblems(page, url)));
      }
      assert.deepEqual([...new Set(found)], []);
      assert.deepEqual([...problems, ...member.problems, ...individual.problems], [], viewName);
      await context.close();
      await member.context.close();
      await individual.context.close();
    });

    if (view.rawKeys && publicPart) {
      it('no raw key on the pages of made-up records, nor on the pages the member may not open', async () => {
        const context = await site.browser.newContext({ viewport: view.viewport });
        const visitor = await context.newPage();
        const problems = watch(visitor, site.baseURL);
        const member = await memberPage(site, { viewport: view.viewport }, watch);
        const found = [];
        const routes = [...manifest.routes.filter((r) => r.path.includes('/:')), ...manifest.routes.filter((r) => APPLICANT_ONLY.has(r.path))];
        for (const route of routes) {
          const url = urlOf(lang, visitable(route.path));
          const page = isDashboard(route.path) ? member.page : visitor;
          await load(page, `${site.baseURL}${url}`);
          found.push(...(await keysOn(page, url)));
        }
        assert.deepEqual([...new Set(found)], []);
        // The made-up records ("no-such-…") are not found: their 404s are expected, nothing else;
        // the member is an organisation's account, to which the applicant's pages answer 403.
        const applicantOnly = /\/dashboard\/(applications|saved): .* 403/;
        const unexpected = [...problems, ...member.problems].filter((p) => !p.includes('no-such-') && !applicantOnly.test(p));
        assert.deepEqual(unexpected, []);
        await context.close();
        await member.context.close();
      });
    }

    if (view.openStates && publicPart) {
      it(`no violation in the open states (phone menu, dialog, toasts)`, async () => {
        const context = await site.browser.newContext({ viewport: view.viewport });
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
