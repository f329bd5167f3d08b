// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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
