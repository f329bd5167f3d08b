// Finding raw catalog keys in a page: a key whose catalog section the page does not load shows
// as its dotted path ("pages.home.initiatives.volunteer.title") — in the text or in an
// aria-label, title, placeholder or alt. The page sweeps (a11y-suites.mjs) look on every page;
// raw-keys.test.mjs tests the finder.
import { loadCatalogs } from '../scripts/catalogs.mjs';

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
export function rawKeys(text) {
  const found = [];
  for (const [token] of text.matchAll(/(?<![\w@./-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+(?![\w@/-])/g)) {
    const parts = token.split('.');
    if (keys.has(token) || (parts.length >= 3 && topLevel.has(parts[0]))) found.push(token);
  }
  return found;
}

/** A route's path with its parameters filled (no such record: the page says so, in words). */
export const visitable = (p) =>
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
export const pageTexts = (page) =>
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
