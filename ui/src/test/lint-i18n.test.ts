// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { compileGlossary, glossaryProblems, loadGlossary, mongolianProblems } from '../../scripts/i18n-style.mjs';

const script = fileURLToPath(new URL('../../scripts/lint-i18n.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'lint-i18n-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(source: string) {
  writeFileSync(path.join(dir, 'Probe.tsx'), source);
  const res = spawnSync(process.execPath, [script], { env: { ...process.env, LINT_I18N_SRC: dir }, encoding: 'utf8' });
  return { code: res.status, out: res.stdout + res.stderr };
}

describe('lint:i18n', () => {
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
      'key "no.such.key" is not in i18n/en.json',
      'no key in i18n/en.json matches',
      'key "pages.nope.title" is not in i18n/en.json',
    ]) {
      expect(res.out).toContain(expected);
    }
  });
});

describe('lint:i18n wording', () => {
  const catalogs = mkdtempSync(path.join(tmpdir(), 'lint-i18n-catalogs-'));
  afterAll(() => rmSync(catalogs, { recursive: true, force: true }));

  /** Runs the whole lint on a one-key catalog pair and a source file that uses the key. */
  function lintCatalog(en: string, mn: string) {
    writeFileSync(path.join(catalogs, 'en.json'), JSON.stringify({ probe: { text: en } }));
    writeFileSync(path.join(catalogs, 'mn.json'), JSON.stringify({ probe: { text: mn } }));
    writeFileSync(path.join(dir, 'Probe.tsx'), `import { useTranslation } from 'react-i18next';
      export const P = () => { const { t } = useTranslation(); return <p>{t('probe.text', { date: 'x' })}</p>; };`);
    const res = spawnSync(process.execPath, [script], {
      env: { ...process.env, LINT_I18N_SRC: dir, LINT_I18N_DIR: catalogs },
      encoding: 'utf8',
    });
    return { code: res.status, out: res.stdout + res.stderr };
  }

  it('fails on a Mongolian suffix after a value and passes the same text written with a label', () => {
    const bad = lintCatalog('Version effective {{date}}', '{{date}}-нөөс мөрдөх хувилбар');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('i18n/mn.json:probe.text: suffix "}}-нөөс" attached to a {{value}}');

    const good = lintCatalog('Version effective {{date}}', 'Хувилбар (мөрдөж эхэлсэн огноо: {{date}})');
    expect(good.out).toContain('no problems');
    expect(good.code).toBe(0);
  }, 30_000); // two runs of the lint, each loading TypeScript

  it('fails on a variant the glossary forbids, in either language', () => {
    const res = lintCatalog('The organisation', 'Та Gerege-г хэрхэн ашигладаг вэ?');
    expect(res.code).toBe(1);
    expect(res.out).toContain('i18n/en.json:probe.text: "organis" is not the glossary\'s word');
    expect(res.out).toContain('i18n/mn.json:probe.text: "Gerege-г" is not the glossary\'s word: use Gerege-ийг');
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
      { lang: 'mn', forbidden: '\\(Замын зураг\\)', use: 'Road Map хөтөлбөр', except: ['mn.json:pages.roadmap.title'] },
      { lang: 'en', forbidden: 'Mobile App', caseSensitive: true, use: 'Mobile app' },
    ]);
    expect(glossaryProblems(glossary, 'mn', 'mn.json:a', 'Демо хүсэх')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'mn', 'mn.json:a', 'демог зохион байгуулах')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'mn', 'mn.json:a', 'Ардчилал, демократ')).toEqual([]);
    expect(glossaryProblems(glossary, 'en', 'en.json:a', 'демо')).toEqual([]);
    expect(glossaryProblems(glossary, 'mn', 'mn.json:pages.roadmap.title', 'Road Map хөтөлбөр (Замын зураг)')).toEqual([]);
    expect(glossaryProblems(glossary, 'mn', 'mn.json:pages.home.title', 'Road Map хөтөлбөр (Замын зураг)')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'en', 'en.json:a', 'Mobile app')).toEqual([]);
    expect(glossaryProblems(glossary, 'en', 'en.json:a', 'Mobile App')).toHaveLength(1);
  });

  it('the real glossary loads and every entry says what to use instead', () => {
    const glossary = loadGlossary();
    expect(glossary.length).toBeGreaterThan(10);
    for (const t of glossary) expect(t.use, t.forbidden).not.toBe('');
  });
});
