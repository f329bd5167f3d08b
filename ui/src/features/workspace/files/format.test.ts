import { describe, expect, it } from 'vitest';
import { resources } from '../../../test/render';
import { createI18n } from '../../../lib/i18n';
import { formatSize } from './components/format';

describe('formatSize', () => {
  it('writes bytes, KB, MB and GB with one decimal, in both languages', () => {
    for (const lang of ['en', 'mn']) {
      const t = createI18n(lang as 'en' | 'mn', resources).t;
      expect(formatSize(t, 812)).toBe('812 B');
      expect(formatSize(t, 14_540)).toBe('14.2 KB');
      expect(formatSize(t, 200 * 2 ** 20)).toBe('200.0 MB');
      expect(formatSize(t, 2 * 2 ** 30)).toBe('2.0 GB');
    }
  });
});
