// The site shell in both languages, before and after JavaScript, and the language switcher.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { t, urlOf, useSite, watch } from './harness.mjs';

const site = useSite();
const langs = ['en', 'mn'];
const mainNav = ['features', 'content', 'opportunities', 'forums', 'aboutUs'];

const decode = (html) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('the shell before JavaScript (the prerendered HTML)', () => {
  for (const lang of langs) {
    it(`/${lang} is a complete ${lang} page`, async () => {
      const res = await fetch(`${site.baseURL}/${lang}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type'), /^text\/html/);
      const html = decode(await res.text());
      assert.match(html, new RegExp(`^<!doctype html>\\s*<html lang="${lang}">`));
      assert.ok(html.includes(`<title>${t(lang, 'pages.home.title')} · Gerege</title>`), 'localized title');
      assert.ok(html.includes(`<meta name="description" content="${t(lang, 'pages.home.description')}">`));
      for (const key of mainNav) assert.ok(html.includes(`>${t(lang, `layout.nav.${key}`)}</a>`), `nav ${key}`);
      assert.ok(html.includes(`>${t(lang, 'layout.signIn')}</a>`));
      assert.ok(html.includes(`<h1>${t(lang, 'pages.home.heading')}</h1>`));
      assert.match(html, new RegExp(`<script type="module" src="/assets/entry-${lang}-[A-Z0-9]+\\.js"></script>`));
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
      assert.doesNotMatch(html, /<style|\sstyle=/, 'no inline style');
      // Nothing is loaded from another host (canonical and hreflang links name this site's own
      // public URL, written by the server).
      assert.doesNotMatch(html.replace(/<link rel="(canonical|alternate)"[^>]*>/g, ''), /(src|href)="(https?:)?\/\//, 'nothing from another host');
    });
  }

  it('links work without JavaScript: the switcher and the phone menu', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${site.baseURL}/en/components`);
    const menu = page.getByText(t('en', 'layout.nav.menu'), { exact: true });
    await menu.click();
    const nav = page.getByRole('navigation', { name: t('en', 'layout.nav.label') });
    await nav.getByRole('link', { name: t('en', 'layout.nav.aboutUs') }).click();
    await page.waitForURL('**/en/about-us');
    await menu.click();
    await page.getByRole('link', { name: t('en', 'layout.language.other'), exact: true }).click();
    await page.waitForURL('**/mn/about-us');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), t('mn', 'pages.aboutUs.title'));
    await context.close();
  });
});

describe('the shell after hydration', () => {
  for (const lang of langs) {
    it(`/${lang} hydrates and navigates without reloading`, async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}`);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.equal(await page.title(), `${t(lang, 'pages.home.title')} · Gerege`);
      const nav = page.getByRole('navigation', { name: t(lang, 'layout.nav.label') });
      for (const key of mainNav) await nav.getByRole('link', { name: t(lang, `layout.nav.${key}`) }).waitFor();

      await page.evaluate(() => (window.__stayed = true));
      await nav.getByRole('link', { name: t(lang, 'layout.nav.features') }).click();
      await page.waitForURL(`**${urlOf(lang, '/features')}`);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), t(lang, 'pages.features.title'));
      const featuresTitle = `${t(lang, 'pages.features.title')} · Gerege`;
      await page.waitForFunction((title) => document.title === title, featuresTitle); // set in an effect after rendering
      assert.equal(await page.title(), featuresTitle);
      assert.equal(await page.evaluate(() => window.__stayed), true, 'no full page load: the app took over');
      assert.equal(
        await page.getByRole('link', { name: t(lang, 'layout.language.other'), exact: true }).getAttribute('href'),
        urlOf(lang === 'en' ? 'mn' : 'en', '/features'),
      );
      await page.getByRole('link', { name: t(lang, 'layout.homeLink') }).click();
      await page.waitForURL((url) => url.pathname === `/${lang}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('the language switcher keeps the page and remembers the choice', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watch(page, site.baseURL);
    await page.goto(`${site.baseURL}/en/components`);
    await page.getByRole('link', { name: 'Монгол', exact: true }).click();
    await page.waitForURL('**/mn/components');
    assert.equal(await page.getAttribute('html', 'lang'), 'mn');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), t('mn', 'pages.components.title'));
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    assert.equal(cookie?.value, 'mn');
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL('**/en/components');
    assert.equal((await context.cookies()).find((c) => c.name === 'lang')?.value, 'en');
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const lang of langs) {
    it(`/${lang}/components shows the components later issues added`, async () => {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      await page.goto(`${site.baseURL}/${lang}/components`);
      for (const section of ['scoreChart', 'qr']) {
        await page.getByRole('heading', { level: 2, name: t(lang, `pages.components.${section}.title`) }).waitFor();
      }
      const chart = page.locator('#gallery-chart');
      assert.equal(await chart.locator('g[data-type]').count(), 6, 'one bar per RIASEC type');
      assert.match(await chart.locator('g[data-type="I"] text').first().textContent(), lang === 'mn' ? /Судлаач/ : /Investigative/);
      await page.getByRole('img', { name: t(lang, 'pages.components.qr.label') }).waitFor();
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe('status pages', () => {
  const statuses = {
    '/403': 'status.forbidden.title',
    '/404': 'status.notFound.title',
    '/500': 'status.serverError.title',
    '/maintenance': 'status.maintenance.title',
    '/coming-soon': 'status.comingSoon.title',
  };
  for (const lang of langs) {
    it(`each status page renders its heading in ${lang}`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      for (const [path, key] of Object.entries(statuses)) {
        await page.goto(`${site.baseURL}${urlOf(lang, path)}`);
        assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), t(lang, key), path);
        const home = page.getByRole('main').getByRole('link', { name: t(lang, 'common.backHome') });
        assert.equal(await home.getAttribute('href'), `/${lang}`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });

    it(`an unknown path shows the 404 page with status 404 in ${lang}`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const problems = watch(page, site.baseURL);
      const res = await page.goto(`${site.baseURL}/${lang}/no-such-page`);
      assert.equal(res.status(), 404);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), t(lang, 'status.notFound.title'));
      // The app takes over at the real path: the switcher points to the same missing page.
      const other = lang === 'en' ? 'mn' : 'en';
      const switcher = page.getByRole('link', { name: t(lang, 'layout.language.other'), exact: true });
      assert.equal(await switcher.getAttribute('href'), `/${other}/no-such-page`);
      // Chromium reports the document's own 404 on the console; nothing else may fail.
      assert.deepEqual(problems.filter((p) => !/^console error .*status of 404/.test(p)), []);
      await context.close();
    });
  }
});
