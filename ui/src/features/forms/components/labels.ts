// What the forms' fields and choices are called in the page's language: the form itself, its
// review step and the staff desk use the same words.
import type { i18n as I18n, TFunction } from 'i18next';
import type { FormName } from './schemas';

/** forms.<form>.fields.<field>.label */
export const labelOf = (t: TFunction, form: FormName, field: string): string => {
  const key = `forms.${form}.fields.${field}.label`;
  const text = t(key, { defaultValue: '' });
  return text || field;
};

/** forms.<form>.options.<field>.<value>, or the value itself. */
export const optionLabel = (t: TFunction, form: FormName, field: string, value: string): string => {
  const text = t(`forms.${form}.options.${field}.${value}`, { defaultValue: '' });
  return text || value;
};

/** The row fields of a contact group, labelled. */
export const rowLabel = (t: TFunction, sub: string): string => t(`forms.ui.row.${sub}`, { defaultValue: '' }) || sub;

/**
 * A country's name in the page's language, or its ISO code when unknown. The names are the
 * catalog section "data.countries" (i18n/content/countries.json: CLDR, the names the server's
 * exports use), which the pages that show a country load. Not Intl.DisplayNames: Debian's
 * chromium has no Mongolian region names and would show English.
 */
export function countryName(i18n: I18n, code: string): string {
  if (!code) return '';
  const names = i18n.getResource(i18n.language, 'translation', 'data.countries') as Record<string, string> | undefined;
  return names?.[code.toUpperCase()] ?? code;
}

/** The countries as options sorted by name in the page's language; Mongolia first. */
export function countryOptions(i18n: I18n, codes: readonly string[], lang = i18n.language): { value: string; label: string }[] {
  const opts = codes.map((c) => ({ value: c, label: countryName(i18n, c) }));
  opts.sort((a, b) => (a.value === 'MN' ? -1 : b.value === 'MN' ? 1 : a.label.localeCompare(b.label, lang)));
  return opts;
}
