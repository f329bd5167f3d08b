// The message catalogs, read the one way the build, the unit tests, the lint and the browser
// tests all use (the server does the same in Go, i18n/i18n.go).
//
// Strings live in i18n/<lang>/<module>.json: one file per module (accounts, forms, site, …,
// platform for the shared words) and language. A new module adds its strings by adding
// i18n/en/<module>.json and i18n/mn/<module>.json, nothing else: every file of a language is
// merged here into that language's one catalog. Files may share a top-level key ("emails",
// "dashboard": each module keeps its own part) but never a key: a key defined in two files,
// or a string in one where another has a group, is an error that names both files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGS = ['en', 'mn'];
export const I18N_DIR = fileURLToPath(new URL('../../i18n', import.meta.url));

/** The catalog files of lang in dir, sorted by name: [{ lang, name: 'forms.json', rel: 'i18n/en/forms.json', path, tree }]. */
export function catalogFiles(lang, dir = I18N_DIR) {
  const langDir = path.join(dir, lang);
  let names;
  try {
    names = readdirSync(langDir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    names = [];
  }
  return names.map((name) => {
    const file = path.join(langDir, name);
    const rel = `i18n/${lang}/${name}`;
    let tree;
    try {
      tree = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`${rel}: ${err.message}`);
    }
    if (!tree || typeof tree !== 'object' || Array.isArray(tree)) throw new Error(`${rel}: not a JSON object`);
    return { lang, name, rel, path: file, tree };
  });
}

const isGroup = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Merges files (of one language) deeply, in order. Returns the catalog and the problems: each
 * key defined twice, as "i18n/en/b.json:x.y: also defined in i18n/en/a.json".
 */
export function mergeFiles(files) {
  const merged = {};
  const owner = new Map(); // dotted path of a string or group → the file that put it there first
  const problems = [];
  const into = (target, source, file, prefix) => {
    for (const [k, v] of Object.entries(source)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (!Object.hasOwn(target, k)) {
        owner.set(key, file.rel);
        target[k] = isGroup(v) ? into({}, v, file, key) : v;
      } else if (isGroup(target[k]) && isGroup(v)) {
        into(target[k], v, file, key);
      } else {
        problems.push(`${file.rel}:${key}: also defined in ${owner.get(key)}`);
      }
    }
    return target;
  };
  for (const file of files) into(merged, file.tree, file, '');
  return { catalog: merged, problems };
}

/** Every language's merged catalog; throws on a key defined twice. */
export function loadCatalogs(dir = I18N_DIR) {
  const out = {};
  for (const lang of LANGS) {
    const files = catalogFiles(lang, dir);
    if (files.length === 0) throw new Error(`i18n/${lang}/: no catalog files`);
    const { catalog, problems } = mergeFiles(files);
    if (problems.length) throw new Error(`the ${lang} catalog defines keys twice:\n${problems.join('\n')}`);
    out[lang] = catalog;
  }
  return out;
}
