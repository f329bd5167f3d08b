// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resources } from '../../../test/render';
import { createI18n } from '../../../lib/i18n';
import { formatSize } from './components/format';

describe('formatSize', () => {
  it('writes bytes, KB, MB and GB with one decimal, in both languages (Cyrillic units in Mongolian)', () => {
    const units = { en: ['B', 'KB', 'MB', 'GB'], mn: ['Б', 'КБ', 'МБ', 'ГБ'] };
    for (const lang of ['en', 'mn'] as const) {
      const t = createI18n(lang, resources).t;
      const [b, kb, mb, gb] = units[lang];
      expect(formatSize(t, 812)).toBe(`812 ${b}`);
      expect(formatSize(t, 14_540)).toBe(`14.2 ${kb}`);
      expect(formatSize(t, 200 * 2 ** 20)).toBe(`200.0 ${mb}`);
      expect(formatSize(t, 2 * 2 ** 30)).toBe(`2.0 ${gb}`);
    }
  });
});
