// Style checks of translated text, used by lint-i18n.mjs (and unit-tested on their own):
// Mongolian suffixes after a value, Mongolian quotation marks, and the glossary's forbidden
// variants (glossary.json beside this file).
import { readFileSync } from 'node:fs';

/**
 * A Mongolian suffix follows the sound of the word it is attached to ("{{date}}-нөөс" is wrong
 * for every day: 1-ээс, 20-иос, 22-оос), so nothing may be glued to text we do not know:
 * a {{value}}, the end of a <tag>, a closing quote or bracket. A Cyrillic letter right after
 * one of them (with or without a hyphen) is a suffix. Write "Label: {{x}}" or put a
 * case-bearing noun after the value ("{{reference}} дугаартай").
 */
const SUFFIX_AFTER = [
  { re: /\}\}[-‑]?\p{Script=Cyrillic}+/gu, what: 'a {{value}}' },
  { re: /<\/[A-Za-z0-9]+>[-‑]?\p{Script=Cyrillic}+/gu, what: 'a closing tag' },
  { re: /[»”")\]][-‑]?\p{Script=Cyrillic}+/gu, what: 'a closing quote or bracket' },
];

/**
 * The safe cases, each a whole match. Keep this list short and say why each entry is safe.
 */
export const SUFFIX_ALLOWED = [
  // The ordinal written after a numeral is always "-р" whatever the number ends with
  // ("3-р мөр", "11-р сарын"): the abbreviation does not follow the sound of the number.
  '}}-р',
];

/** Mongolian quotes are «…»; ASCII and English curly quotes are not used in mn. */
const WRONG_QUOTES = /["“”„]/u;

/** Problems of one Mongolian value: a list of messages (empty when the value is fine). */
export function mongolianProblems(value) {
  const out = [];
  for (const { re, what } of SUFFIX_AFTER) {
    for (const m of value.matchAll(re)) {
      if (SUFFIX_ALLOWED.includes(m[0])) continue;
      out.push(`suffix "${m[0]}" attached to ${what}: write "Label: {{x}}" or put a noun after it`);
    }
  }
  if (WRONG_QUOTES.test(value)) out.push('quotation marks in Mongolian are «…»');
  return out;
}

/** The glossary: [{lang, forbidden, use, caseSensitive?, except?}] with compiled patterns. */
export function loadGlossary(file = new URL('./glossary.json', import.meta.url)) {
  return compileGlossary(JSON.parse(readFileSync(file, 'utf8')).terms);
}

export function compileGlossary(terms) {
  return terms.map((t) => ({
    ...t,
    except: t.except ?? [],
    // Only the start is anchored (not inside a word), so a stem also finds its inflected
    // forms ("демо" finds "демог"); a stem that begins another word says what may not
    // follow it ("демо(?!кр)" leaves "демократ" alone).
    re: new RegExp(`(?<!\\p{L})(?:${t.forbidden})`, t.caseSensitive ? 'u' : 'iu'),
  }));
}

/** Glossary problems of one value in lang at where ("mn/site.json:pages.x", "legal.mn.json:documents.terms…"). */
export function glossaryProblems(glossary, lang, where, value) {
  const out = [];
  for (const t of glossary) {
    if (t.lang !== lang || t.except.some((e) => where.startsWith(e))) continue;
    const m = value.match(t.re);
    if (m) out.push(`"${m[0]}" is not the glossary's word: use ${t.use}`);
  }
  return out;
}
