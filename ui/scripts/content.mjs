// Facts the build and the unit tests take from i18n/content.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The effective dates of every legal document's versions, newest first, as in the content
 * files ({"terms": ["2026-11-22"], …}); both languages must list the same versions.
 */
export async function legalVersions() {
  const read = async (lang) => JSON.parse(await readFile(`${root}/i18n/content/legal.${lang}.json`, 'utf8')).documents;
  const [en, mn] = [await read('en'), await read('mn')];
  const out = {};
  for (const [doc, d] of Object.entries(en)) {
    out[doc] = d.versions.map((v) => v.effective);
    const other = (mn[doc]?.versions ?? []).map((v) => v.effective);
    if (JSON.stringify(other) !== JSON.stringify(out[doc])) throw new Error(`legal ${doc}: the en and mn versions differ`);
  }
  return out;
}
