// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogFiles, loadCatalogs } from '../../scripts/catalogs.mjs';
import en from 'gerege:messages/en';

describe('the catalogs, merged from i18n/<lang>/<module>.json', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, unknown>) => {
    rmSync(dir, { recursive: true, force: true });
    for (const [name, tree] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), JSON.stringify(tree));
    }
  };

  it('merges the files of a language deeply, in file-name order', () => {
    write({
      'en/b.json': { emails: { b: { subject: 'B' } }, b: 'b' },
      'en/a.json': { emails: { a: { subject: 'A' } } },
      'mn/a.json': { emails: { a: { subject: 'А' } } },
    });
    expect(catalogFiles('en', dir).map((f) => f.rel)).toEqual(['i18n/en/a.json', 'i18n/en/b.json']);
    expect(loadCatalogs(dir).en).toEqual({ emails: { a: { subject: 'A' }, b: { subject: 'B' } }, b: 'b' });
  });

  it('fails (and so does the build) on a key defined in two files, naming both', () => {
    write({
      'en/a.json': { emails: { a: { subject: 'A' } } },
      'en/b.json': { emails: { a: { subject: 'B' } } },
      'mn/a.json': { emails: { a: { subject: 'А' } } },
    });
    expect(() => loadCatalogs(dir)).toThrow('i18n/en/b.json:emails.a.subject: also defined in i18n/en/a.json');
    write({
      'en/a.json': { emails: { a: 'A' } },
      'en/b.json': { emails: { a: { subject: 'B' } } },
      'mn/a.json': { emails: { a: 'А' } },
    });
    expect(() => loadCatalogs(dir)).toThrow('i18n/en/b.json:emails.a: also defined in i18n/en/a.json');
  });

  it('is what the tests and the prerenderer import as gerege:messages/<lang>', () => {
    expect(en).toEqual(loadCatalogs().en);
    expect(catalogFiles('en').map((f) => f.name)).toContain('platform.json');
  });
});
