// @vitest-environment node
import { describe, expect, it } from 'vitest';
import countries from '../../../../../i18n/content/countries.json';
import { createI18n } from '../../../lib/i18n';
import { resources } from '../../../test/render';
import { countryName, countryOptions } from './labels';
import { SCHEMAS } from './schemas';

const COUNTRY_CODES = SCHEMAS.volunteer.countries ?? [];

describe('country names', () => {
  it('come from the catalog data in the page language, not from the browser', () => {
    const mn = createI18n('mn', resources);
    expect(countryName(mn, 'JP')).toBe('Япон');
    expect(countryName(mn, 'kr')).toBe('Өмнөд Солонгос');
    expect(countryName(createI18n('en', resources), 'JP')).toBe('Japan');
    expect(countryName(mn, 'ZZ')).toBe('ZZ');
    expect(countryName(mn, '')).toBe('');
    // Without the section (a page that did not load it), the code rather than English.
    expect(countryName(createI18n('mn', { mn: { translation: {} } } as never), 'JP')).toBe('JP');
  });

  it('name every country the form accepts, Mongolia first', () => {
    expect(COUNTRY_CODES).toEqual(Object.keys(countries).sort());
    expect(COUNTRY_CODES).toHaveLength(249);
    const mn = countryOptions(createI18n('mn', resources), COUNTRY_CODES);
    expect(mn[0]).toEqual({ value: 'MN', label: 'Монгол' });
    expect(mn.every((o) => /\p{Script=Cyrillic}/u.test(o.label))).toBe(true);
    const en = countryOptions(createI18n('en', resources), COUNTRY_CODES);
    expect(en[0]).toEqual({ value: 'MN', label: 'Mongolia' });
    expect(en.slice(1, 3).map((o) => o.label)).toEqual(['Afghanistan', 'Åland Islands']);
  });
});
