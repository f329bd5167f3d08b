// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resources } from '../test/render';
import { formatDate } from './format';
import { createI18n } from './i18n';

describe('formatDate', () => {
  it.each([
    ['en', '2026-07-20', '20 July 2026'],
    ['en', '2026-11-02', '2 November 2026'],
    ['mn', '2026-07-20', '2026 оны 7-р сарын 20'],
    ['mn', '2026-12-05', '2026 оны 12-р сарын 5'],
  ] as const)('writes a date as the glossary does in %s: %s → %s', (lang, iso, text) => {
    const i18n = createI18n(lang, resources);
    expect(formatDate(i18n.t, iso)).toBe(text);
  });

  it('leaves what is not a date alone', () => {
    expect(formatDate(createI18n('en', resources).t, 'soon')).toBe('soon');
  });
});
