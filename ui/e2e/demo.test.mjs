// The demo notice: with --demo every page says, under the header and in words a screen reader
// reaches, that the site is a demonstration with sample data; without --demo nothing does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { AXE, launchBrowser, manifest, startServer, t, urlOf, watch } from './harness.mjs';

/** A few pages of each kind: home, an information page, a form, sign-in, the 404 page. */
const PAGES = ['/', '/features', '/contact-us', '/auth/login', '/no-such-page'];

let demo, plain, browser;
before(async () => {
  [demo, plain] = await Promise.all([startServer({ args: ['--demo'] }), startServer()]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await Promise.all([demo?.stop(), plain?.stop()]);
});

/** Loads a page and waits until the app has asked the server what it is (/api/meta). */
async function open(page, baseURL, url) {
  const meta = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/meta');
  await page.goto(`${baseURL}${url}`);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  await meta;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

describe('demo notice', () => {
  for (const lang of manifest.langs) {
    it(`is on every kind of ${lang} page with --demo, in ${lang}, inside the header`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems = watch(page, demo.baseURL);
      for (const path of PAGES) {
        const url = urlOf(lang, path);
        await open(page, demo.baseURL, url);
        const notice = page.getByRole('note', { name: t(lang, 'layout.demo.label') });
        await notice.waitFor();
        assert.equal(await notice.count(), 1, url);
        const text = await notice.innerText();
        assert.ok(text.includes(t(lang, 'layout.demo.text')), `${url}: ${text}`);
        assert.ok(await notice.evaluate((n) => !!n.closest('header.site-header')), `${url}: under the header, in the banner landmark`);
        assert.ok(await notice.isVisible(), url);
      }
      // Readable: axe (evaluated through the browser's protocol, so the page's CSP stays on).
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
      const results = await page.evaluate(() => window.axe.run('.demo-notice', { resultTypes: ['violations'] }));
      assert.deepEqual(
        results.violations.map((v) => `${v.id}: ${v.help}`),
        [],
      );
      const unexpected = problems.filter((p) => !p.includes('/no-such-page'));
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    it(`is in the served HTML (${lang}): there without JavaScript, and the app hydrates onto it`, async () => {
      const noJS = await browser.newContext({ javaScriptEnabled: false });
      const bare = await noJS.newPage();
      for (const path of PAGES) {
        const url = urlOf(lang, path);
        await bare.goto(`${demo.baseURL}${url}`);
        const notice = bare.getByRole('note', { name: t(lang, 'layout.demo.label') });
        assert.equal(await notice.count(), 1, url);
        assert.ok(await notice.isVisible(), url);
        assert.ok((await notice.innerText()).includes(t(lang, 'layout.demo.text')), url);
      }
      await noJS.close();

      // Hydration keeps the server's notice: once the HTML is parsed, nothing removes or adds one.
      const context = await browser.newContext();
      await context.addInitScript(() => {
        window.demoNoticeChanges = [];
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          const has = (n) => n.nodeType === 1 && (n.matches('.demo-notice') || !!n.querySelector('.demo-notice'));
          new MutationObserver((records) => {
            for (const r of records) {
              if ([...r.addedNodes].some(has)) window.demoNoticeChanges.push('added');
              if ([...r.removedNodes].some(has)) window.demoNoticeChanges.push('removed');
            }
          }).observe(document, { childList: true, subtree: true });
        });
      });
      const page = await context.newPage();
      const problems = watch(page, demo.baseURL);
      for (const path of PAGES) {
        const url = urlOf(lang, path);
        await open(page, demo.baseURL, url);
        assert.deepEqual(await page.evaluate(() => window.demoNoticeChanges), [], url);
        assert.equal(await page.locator('.demo-notice').count(), 1, url);
      }
      assert.deepEqual(
        problems.filter((p) => !p.includes('/no-such-page')),
        [],
      );
      await context.close();
    });

    it(`is not there without --demo (${lang})`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      for (const path of PAGES) {
        const url = urlOf(lang, path);
        await open(page, plain.baseURL, url);
        assert.equal(await page.locator('.demo-notice').count(), 0, url);
        assert.equal(await page.getByText(t(lang, 'layout.demo.text')).count(), 0, url);
      }
      await context.close();
    });
  }
});
