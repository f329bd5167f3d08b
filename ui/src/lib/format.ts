import type { TFunction } from 'i18next';

/**
 * A calendar date ("2026-07-20") as the glossary writes it: en "20 July 2026",
 * mn "2026 оны 7-р сарын 20". The pattern and month names are in the catalogs (format.*).
 */
export function formatDate(t: TFunction, iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const [year, month, day] = [m[1], String(Number(m[2])), String(Number(m[3]))];
  return t('format.date', { year, month, day, monthName: t(`format.months.${month}`) });
}
