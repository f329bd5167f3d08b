// npm run lint:i18n — every user-visible string comes from i18n/<lang>/<module>.json.
//
// Over ui/src/**/*.{ts,tsx} (tests excepted) it fails on:
//   - JSX text, or a string literal used as a JSX child, that contains letters;
//   - a string literal with letters in a user-visible attribute (title, alt, placeholder,
//     aria-label, label, … and our components' text props such as legend or hint);
//   - a key that is not in i18n/en/*.json: t('key'), i18n.t('key'), i18nKey="key" and
//     properties named *Key ('pages.home.title'); in a template key (`ui.alert.${variant}`)
//     a ${NAME} of a string constant of the file is filled in, any other ${…} stands for
//     anything, and at least one key must match;
// on catalogs out of step, file by file (i18n/en/forms.json against i18n/mn/forms.json): a
// file or a key missing in one language, or an empty value; on a key defined in two files;
// and on the wording of every catalog value and of the current text of i18n/content
// (i18n-style.mjs): a Mongolian suffix glued to a {{value}}, a closing tag, quote or bracket;
// quotation marks other than «…» in Mongolian; a variant the glossary forbids (glossary.json).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { catalogFiles, LANGS, mergeFiles } from './catalogs.mjs';
import { glossaryProblems, loadGlossary, mongolianProblems } from './i18n-style.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// LINT_I18N_SRC points the check at another folder (its own test uses a fixture).
const srcDir = process.env.LINT_I18N_SRC ? path.resolve(process.env.LINT_I18N_SRC) : path.join(root, 'ui', 'src');
// LINT_I18N_DIR points it at other catalogs (en/*.json, mn/*.json and an optional content/).
const i18nDir = process.env.LINT_I18N_DIR ? path.resolve(process.env.LINT_I18N_DIR) : path.join(root, 'i18n');

/** Words that may appear as literal text: the brand is not translated. */
const ALLOWED_TEXT = ['Gerege'];
const TEXT_ATTRIBUTES = new Set([
  'title', 'alt', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription',
  'aria-valuetext', 'aria-placeholder', 'label', 'legend', 'hint', 'error', 'caption',
  'header', 'meta', 'addLabel', 'heading',
]);
const LETTER = /\p{L}/u;
const PLURAL = /_(zero|one|two|few|many|other)$/;

const problems = [];

function flatten(tree, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object') flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

// The catalogs: i18n/<lang>/<module>.json (catalogs.mjs), checked file by file, then merged.
const files = {};
const catalogs = {};
for (const lang of LANGS) {
  try {
    files[lang] = catalogFiles(lang, i18nDir).map((f) => ({ ...f, keys: flatten(f.tree) }));
  } catch (err) {
    problems.push(err.message);
    files[lang] = [];
  }
  if (files[lang].length === 0) problems.push(`i18n/${lang}/: no catalog files`);
  const merged = mergeFiles(files[lang]);
  problems.push(...merged.problems); // a key defined in two files
  catalogs[lang] = flatten(merged.catalog);
}
for (const name of readdirSync(i18nDir).filter((n) => n.endsWith('.json'))) {
  problems.push(`i18n/${name}: catalogs are i18n/<lang>/<module>.json, one per module and language`);
}

// Parity, file by file: en/x.json and mn/x.json exist together and hold the same keys.
for (const lang of LANGS) {
  for (const file of files[lang]) {
    for (const [key, value] of file.keys) {
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${file.rel}:${key}: empty or not a string`);
    }
    for (const other of LANGS.filter((l) => l !== lang)) {
      const twin = files[other].find((f) => f.name === file.name);
      if (!twin) {
        problems.push(`${file.rel}: i18n/${other}/${file.name} is missing (a module's strings are in every language)`);
        continue;
      }
      for (const key of file.keys.keys()) if (!twin.keys.has(key)) problems.push(`${twin.rel}:${key}: missing (it is in ${file.rel})`);
    }
  }
}

// Wording: every catalog value, then the text readers see today in i18n/content.
const glossary = loadGlossary();
function checkText(lang, where, value) {
  const found = [...glossaryProblems(glossary, lang, where, value), ...(lang === 'mn' ? mongolianProblems(value) : [])];
  for (const message of found) problems.push(`i18n/${where}: ${message}`);
}
for (const lang of LANGS) {
  for (const file of files[lang]) {
    for (const [key, value] of file.keys) if (typeof value === 'string') checkText(lang, `${lang}/${file.name}:${key}`, value);
  }
}
function strings(node, at, visit) {
  if (typeof node === 'string') visit(at, node);
  else if (Array.isArray(node)) node.forEach((v, i) => strings(v, `${at}[${i}]`, visit));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) strings(v, `${at}.${k}`, visit);
}
const contentDir = path.join(i18nDir, 'content');
for (const name of existsSync(contentDir) ? readdirSync(contentDir).filter((f) => f.endsWith('.json')).sort() : []) {
  const data = JSON.parse(readFileSync(path.join(contentDir, name), 'utf8'));
  const single = /\.(en|mn)\.json$/.exec(name)?.[1];
  if (name.startsWith('legal.')) {
    // Only the current version: an earlier one is the record of what was published, kept as it was.
    for (const [id, doc] of Object.entries(data.documents)) {
      strings(doc.title, `documents.${id}.title`, (at, v) => checkText(single, `content/${name}:${at}`, v));
      strings(doc.versions[0], `documents.${id}.versions[0]`, (at, v) => checkText(single, `content/${name}:${at}`, v));
    }
  } else if (single) {
    strings(data, '', (at, v) => checkText(single, `content/${name}:${at.replace(/^\./, '')}`, v));
  } else {
    // Bilingual files (the FAQ and universities seeds): {"en": …, "mn": …} pairs.
    strings(data, '', (at, v) => {
      const lang = /\.(en|mn)$/.exec(at)?.[1];
      if (lang) checkText(lang, `content/${name}:${at.replace(/^\./, '')}`, v);
    });
  }
}

// A key a t() call may use: the key itself, or the base of plural forms.
const known = new Set();
for (const key of catalogs.en.keys()) {
  known.add(key);
  if (PLURAL.test(key)) known.add(key.replace(PLURAL, ''));
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'test' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [p] : [];
  });
}

function report(sf, node, message) {
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  problems.push(`${path.relative(root, sf.fileName)}:${line + 1}:${character + 1}: ${message}`);
}

const hasVisibleLetters = (text) => {
  let rest = text;
  for (const word of ALLOWED_TEXT) rest = rest.split(word).join('');
  return LETTER.test(rest);
};

const isStringish = (n) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);

function checkKey(sf, node) {
  if (isStringish(node)) {
    if (!known.has(node.text)) report(sf, node, `key "${node.text}" is not in i18n/en/*.json`);
  } else if (ts.isTemplateExpression(node)) {
    const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    let source = escape(node.head.text);
    for (const span of node.templateSpans) {
      const e = span.expression;
      const constant = ts.isIdentifier(e) ? constantsOf(sf).get(e.text) : undefined;
      source += (constant === undefined ? '.+' : escape(constant)) + escape(span.literal.text);
    }
    const pattern = new RegExp(`^${source}$`);
    if (![...known].some((k) => pattern.test(k))) {
      report(sf, node, `no key in i18n/en/*.json matches \`${node.getText(sf).slice(1, -1)}\``);
    }
  }
}

/** The file's top-level `const NAME = 'text'` declarations. */
const constants = new WeakMap();
function constantsOf(sf) {
  if (!constants.has(sf)) {
    const map = new Map();
    for (const stmt of sf.statements) {
      if (!ts.isVariableStatement(stmt) || !(stmt.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const d of stmt.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && isStringish(d.initializer)) map.set(d.name.text, d.initializer.text);
      }
    }
    constants.set(sf, map);
  }
  return constants.get(sf);
}

const isTCall = (call) => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
};

function visit(sf, node) {
  if (ts.isJsxText(node) && hasVisibleLetters(node.text)) {
    report(sf, node, `literal text "${node.text.trim()}" in JSX: use t('…')`);
  }
  if (ts.isJsxExpression(node) && node.expression && isStringish(node.expression)) {
    const parent = node.parent;
    if ((ts.isJsxElement(parent) || ts.isJsxFragment(parent)) && hasVisibleLetters(node.expression.text)) {
      report(sf, node, `literal text "${node.expression.text}" in JSX: use t('…')`);
    }
  }
  if (ts.isJsxAttribute(node) && node.initializer) {
    const name = node.name.getText(sf);
    const init = node.initializer;
    const value = isStringish(init) ? init : ts.isJsxExpression(init) && init.expression && isStringish(init.expression) ? init.expression : null;
    if (name === 'i18nKey' && value) checkKey(sf, value);
    else if (TEXT_ATTRIBUTES.has(name) && value && hasVisibleLetters(value.text)) {
      report(sf, node, `literal "${value.text}" in ${name}=: use t('…')`);
    }
  }
  if (ts.isCallExpression(node) && isTCall(node) && node.arguments.length > 0) {
    checkKey(sf, node.arguments[0]);
  }
  if (ts.isPropertyAssignment(node) && /Key$/.test(node.name.getText(sf)) && isStringish(node.initializer)) {
    checkKey(sf, node.initializer);
  }
  ts.forEachChild(node, (child) => visit(sf, child));
}

const sources = sourceFiles(srcDir);
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  visit(sf, sf);
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`lint:i18n: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`lint:i18n: ${sources.length} files, ${catalogs.en.size} keys in ${files.en.length} catalog files per language, no problems`);
