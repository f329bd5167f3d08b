// What the forms' fields and choices are called in the page's language: the form itself, its
// review step and the staff desk use the same words.
import type { TFunction } from 'i18next';
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

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in `lang` (Intl.DisplayNames), or its ISO code where the browser has none. */
export function countryName(lang: string, code: string): string {
  if (!code) return '';
  let names = displayNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displayNames.set(lang, names);
  }
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The countries as options sorted by name in `lang`; Mongolia first. */
export function countryOptions(lang: string, codes: readonly string[]): { value: string; label: string }[] {
  const opts = codes.map((c) => ({ value: c, label: countryName(lang, c) }));
  opts.sort((a, b) => (a.value === 'MN' ? -1 : b.value === 'MN' ? 1 : a.label.localeCompare(b.label, lang)));
  return opts;
}
