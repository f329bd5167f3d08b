// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { compileGlossary, glossaryProblems, loadGlossary, mongolianProblems } from '../../scripts/i18n-style.mjs';

const script = fileURLToPath(new URL('../../scripts/lint-i18n.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'lint-i18n-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test runs the real linter as a process (it reads every catalog): half a second alone,
// several on a loaded machine, so more than vitest's default 5 s is allowed.
const SPAWNS = { timeout: 30_000 };

function lint(source: string) {
  writeFileSync(path.join(dir, 'Probe.tsx'), source);
  const res = spawnSync(process.execPath, [script], { env: { ...process.env, LINT_I18N_SRC: dir }, encoding: 'utf8' });
  return { code: res.status, out: res.stdout + res.stderr };
}

describe('lint:i18n', SPAWNS, () => {
  it('passes translated JSX and the brand name', () => {
    const res = lint(`
      import { useTranslation } from 'react-i18next';
      const P = 'pages.components';
      export const Ok = ({ v }: { v: string }) => {
        const { t } = useTranslation();
        return <p title={t('layout.signIn')}>Gerege · {t(\`\${P}.buttons.title\`)} {t(\`ui.alert.\${v}\`)} {t('ui.avatarGroup.more', { count: 2 })} +1</p>;
      };
      export const r = { titleKey: 'pages.home.title' };
    `);
    expect(res.out).toContain('no problems');
    expect(res.code).toBe(0);
  });

  it('fails on literal text, literal attributes and unknown keys', () => {
    const res = lint(`
      import { useTranslation } from 'react-i18next';
      export const Bad = () => {
        const { t } = useTranslation();
        return (
          <div aria-label="Close" title={'Hello'}>
            Sign in
            {'Hello world'}
            <img alt="A logo" />
            <input placeholder="Your name" />
            {t('no.such.key')}
            {t(\`pages.components.\${'x'}.nope\`)}
          </div>
        );
      };
      export const r = { titleKey: 'pages.nope.title' };
    `);
    expect(res.code).toBe(1);
    for (const expected of [
      'literal "Close" in aria-label=',
      'literal "Hello" in title=',
      'literal text "Sign in"',
      'literal text "Hello world"',
      'literal "A logo" in alt=',
      'literal "Your name" in placeholder=',
      'key "no.such.key" is not in i18n/en/*.json',
      'no key in i18n/en/*.json matches',
      'key "pages.nope.title" is not in i18n/en/*.json',
    ]) {
      expect(res.out).toContain(expected);
    }
  });
});

describe('lint:i18n catalogs', SPAWNS, () => {
  const catalogs = mkdtempSync(path.join(tmpdir(), 'lint-i18n-catalogs-'));
  afterAll(() => rmSync(catalogs, { recursive: true, force: true }));

  /**
   * Runs the whole lint on catalogs made of files ({ 'en/probe.json': tree }, written to a fresh
   * LINT_I18N_DIR) and a source file that uses probe.text.
   */
  function lintFiles(files: Record<string, unknown>) {
    rmSync(catalogs, { recursive: true, force: true });
    for (const [name, tree] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(catalogs, name)), { recursive: true });
      writeFileSync(path.join(catalogs, name), JSON.stringify(tree));
    }
    writeFileSync(path.join(dir, 'Probe.tsx'), `import { useTranslation } from 'react-i18next';
      export const P = () => { const { t } = useTranslation(); return <p>{t('probe.text', { date: 'x' })}</p>; };`);
    const res = spawnSync(process.execPath, [script], {
      env: { ...process.env, LINT_I18N_SRC: dir, LINT_I18N_DIR: catalogs },
      encoding: 'utf8',
    });
    return { code: res.status, out: res.stdout + res.stderr };
  }
  /** A one-key catalog pair. */
  const lintCatalog = (en: string, mn: string) => lintFiles({ 'en/probe.json': { probe: { text: en } }, 'mn/probe.json': { probe: { text: mn } } });

  it('merges the files of a language: two modules may share a group', () => {
    const res = lintFiles({
      'en/probe.json': { probe: { text: 'Text' } },
      'en/other.json': { probe: { other: 'Other' } },
      'mn/probe.json': { probe: { text: 'Бичвэр' } },
      'mn/other.json': { probe: { other: 'Өөр' } },
    });
    expect(res.out).toContain('2 keys in 2 catalog files per language, no problems');
    expect(res.code).toBe(0);
  }, 30_000);

  it('checks parity file by file, and fails on a key defined twice, an empty value and a catalog outside i18n/<lang>/', () => {
    const res = lintFiles({
      'en/probe.json': { probe: { text: 'Text', onlyEn: 'Only in English' } },
      'mn/probe.json': { probe: { text: 'Бичвэр' }, moved: { here: 'Энд' } },
      'en/other.json': { moved: { here: 'Here' } },
      'en/forms.json': { forms: { x: 'In English only' } },
      'mn/dup.json': { probe: { text: 'Давхар' } },
      'en/dup.json': { probe: { text: 'Twice' }, empty: ' ' },
      'en.json': { probe: { text: 'Old' } },
    });
    expect(res.code).toBe(1);
    for (const expected of [
      'i18n/mn/probe.json:probe.onlyEn: missing (it is in i18n/en/probe.json)',
      'i18n/en/probe.json:moved.here: missing (it is in i18n/mn/probe.json)',
      'i18n/en/other.json: i18n/mn/other.json is missing',
      'i18n/en/forms.json: i18n/mn/forms.json is missing',
      'i18n/en/probe.json:probe.text: also defined in i18n/en/dup.json',
      'i18n/mn/probe.json:probe.text: also defined in i18n/mn/dup.json',
      'i18n/en/dup.json:empty: empty or not a string',
      'i18n/en.json: catalogs are i18n/<lang>/<module>.json',
    ]) {
      expect(res.out).toContain(expected);
    }
  }, 30_000);

  it('fails on a Mongolian suffix after a value and passes the same text written with a label', () => {
    const bad = lintCatalog('Version effective {{date}}', '{{date}}-нөөс мөрдөх хувилбар');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('i18n/mn/probe.json:probe.text: suffix "}}-нөөс" attached to a {{value}}');

    const good = lintCatalog('Version effective {{date}}', 'Хувилбар (мөрдөж эхэлсэн огноо: {{date}})');
    expect(good.out).toContain('no problems');
    expect(good.code).toBe(0);
  }, 30_000); // two runs of the lint, each loading TypeScript

  it('fails on a variant the glossary forbids, in either language', () => {
    const res = lintCatalog('The organisation', 'Та Gerege-г хэрхэн ашигладаг вэ?');
    expect(res.code).toBe(1);
    expect(res.out).toContain('i18n/en/probe.json:probe.text: "organis" is not the glossary\'s word');
    expect(res.out).toContain('i18n/mn/probe.json:probe.text: "Gerege-г" is not the glossary\'s word: use Gerege-ийг');
  }, 30_000);
});

describe('Mongolian style checks', () => {
  it.each([
    ['{{date}}-нөөс мөрдөх хувилбар', 'suffix "}}-нөөс" attached to a {{value}}'],
    ['{{device}}-ээс гарах', 'suffix "}}-ээс"'],
    ['{{reference}}-г устгах уу?', 'suffix "}}-г"'],
    ['{{answered}}-д нь хариулсан', 'suffix "}}-д"'],
    ['<privacy>Нууцлалын бодлого</privacy>-той танилцсан', 'suffix "</privacy>-той" attached to a closing tag'],
    ['Төлөв «{{from}}»-с «{{to}}» болсон', 'suffix "»-с" attached to a closing quote or bracket'],
    ['Road Map хөтөлбөр (Замын зураг)-т бүртгүүлэх', 'suffix ")-т"'],
    ['«Бусад»-ыг тодруулна уу', 'suffix "»-ыг"'],
    ['"Бусад" гэснийг бичнэ үү', 'quotation marks in Mongolian are «…»'],
    ['“Мэдээлэх” товчийг дарна уу', 'quotation marks in Mongolian are «…»'],
  ])('catches %s', (value, message) => {
    expect(mongolianProblems(value).join('\n')).toContain(message);
  });

  it.each([
    'Хувилбар (мөрдөж эхэлсэн огноо: {{date}})',
    '{{reference}} дугаартай илгээлтийг устгах уу?',
    'Та {{organization}} байгууллагад нэгдлээ. Таны үүрэг: {{role}}.',
    '{{n}}-р мөр', // the ordinal "-р" is allowed: it does not depend on the number
    '{{year}} оны {{month}}-р сарын {{day}}',
    'Төлөв өөрчлөгдсөн: «{{from}}» → «{{to}}»',
    'Би <terms>Үйлчилгээний нөхцөл</terms>, <privacy>Нууцлалын бодлоготой</privacy> танилцсан.',
    '«Мэдээлэх» товчийг дарна уу (24 цагийн дотор).',
  ])('passes %s', (value) => {
    expect(mongolianProblems(value)).toEqual([]);
  });

  it('checks the glossary word by word, in its language, except where it says', () => {
    const glossary = compileGlossary([
      { lang: 'mn', forbidden: 'демо(?!кр)', use: 'танилцуулга' },
      { lang: 'mn', forbidden: '\\(Замын зураг\\)', use: 'Road Map хөтөлбөр', except: ['mn/site.json:pages.roadmap.title'] },
      { lang: 'en', forbidden: 'Mobile App', caseSensitive: true, use: 'Mobile app' },
    ]);
    expect(glossaryProblems(glossary, 'mn', 'mn/x.json:a', 'Демо хүсэх')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'mn', 'mn/x.json:a', 'демог зохион байгуулах')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'mn', 'mn/x.json:a', 'Ардчилал, демократ')).toEqual([]);
    expect(glossaryProblems(glossary, 'en', 'en/x.json:a', 'демо')).toEqual([]);
    expect(glossaryProblems(glossary, 'mn', 'mn/site.json:pages.roadmap.title', 'Road Map хөтөлбөр (Замын зураг)')).toEqual([]);
    expect(glossaryProblems(glossary, 'mn', 'mn/site.json:pages.home.title', 'Road Map хөтөлбөр (Замын зураг)')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'en', 'en/x.json:a', 'Mobile app')).toEqual([]);
    expect(glossaryProblems(glossary, 'en', 'en/x.json:a', 'Mobile App')).toHaveLength(1);
  });

  it('the real glossary loads and every entry says what to use instead', () => {
    const glossary = loadGlossary();
    expect(glossary.length).toBeGreaterThan(10);
    for (const t of glossary) expect(t.use, t.forbidden).not.toBe('');
  });
});
