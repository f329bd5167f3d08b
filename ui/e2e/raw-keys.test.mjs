// No raw catalog key on any page once the app has taken over: every route of the manifest,
// in both languages (dashboard pages signed in), after hydration and once the page has
// loaded its data. A key whose catalog section the page does not load shows as its dotted
// path ("pages.home.initiatives.volunteer.title") — in the text or in an aria-label, title,
// placeholder or alt. One browser; one page per language and role, reused from route to route.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadCatalogs } from '../scripts/catalogs.mjs';
import { manifest, urlOf, useSite, watch } from './harness.mjs';
import { isDashboard, memberPage, settled } from './auth-helpers.mjs';

const site = useSite();

/** Every key path of the English catalog (i18n/en/*.json merged; leaves and the nodes above them), plural suffixes off. */
const catalog = loadCatalogs().en;
const keys = new Set();
(function walk(node, prefix) {
  for (const [k, v] of Object.entries(node)) {
    const key = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    keys.add(key);
    if (v && typeof v === 'object') walk(v, `${key}.`);
  }
})(catalog, '');
const topLevel = new Set(Object.keys(catalog));

/**
 * The raw keys in a text: dotted identifiers that are a key of the catalog, or that have three
 * or more parts and start like one (a key missing from every catalog shows the same way).
 */
function rawKeys(text) {
  const found = [];
  for (const [token] of text.matchAll(/(?<![\w@./-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+(?![\w@/-])/g)) {
    const parts = token.split('.');
    if (keys.has(token) || (parts.length >= 3 && topLevel.has(parts[0]))) found.push(token);
  }
  return found;
}

describe('the finder', () => {
  it('finds raw keys and nothing else', () => {
    assert.deepEqual(rawKeys('Go to pages.home.initiatives.volunteer.title now'), ['pages.home.initiatives.volunteer.title']);
    assert.deepEqual(rawKeys('layout.nav.features'), ['layout.nav.features']);
    assert.deepEqual(rawKeys('pages.nothing.here'), ['pages.nothing.here'], 'missing from every catalog');
    assert.deepEqual(rawKeys('admin@demo.gerege.mn, gerege.mn, v1.2.0, e.g. this, 3.5 km, /en/faq.html'), []);
  });
});

/** A route's path with its parameters filled (no such record: the page says so, in words). */
const visitable = (p) =>
  p
    .replace(':token', 'no-such-token')
    .replace(':form', 'contact')
    .replace(':id', 'no-such-id')
    .replace(':slug', 'no-such-slug')
    .replace(':community', 'no-such-community')
    .replace(':forum', 'no-such-forum')
    .replace(':topic', 'no-such-topic')
    .replace(':handle', 'no-such-handle');

/** The visible text of the page and the words in its attributes. */
const pageTexts = (page) =>
  page.evaluate(() => {
    const out = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) out.push(`${a}="${v}"`);
      }
    }
    return out;
  });

/** Loaded, hydrated (#app[data-ready]), its data in (no busy region), and effects run. */
async function load(page, url) {
  await page.goto(url);
  await page.locator('#app[data-ready]').waitFor({ state: 'attached' });
  await settled(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

describe('no raw i18n key after hydration', () => {
  for (const lang of manifest.langs) {
    it(`on every ${lang} page`, async () => {
      const context = await site.browser.newContext();
      const visitor = await context.newPage();
      const problems = watch(visitor, site.baseURL);
      const member = await memberPage(site, {}, watch);
      const found = [];
      for (const route of manifest.routes) {
        const url = urlOf(lang, visitable(route.path));
        const page = isDashboard(route.path) ? member.page : visitor;
        await load(page, `${site.baseURL}${url}`);
        for (const text of await pageTexts(page)) {
          for (const key of rawKeys(text)) found.push(`${url}: ${key}`);
        }
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
});
