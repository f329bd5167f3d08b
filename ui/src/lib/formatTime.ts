import type { TFunction } from 'i18next';
import { formatDate as formatDay } from './format';

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A date ("2026-07-20") or an instant, as the glossary writes dates: "20 July 2026", "2026 оны 7-р сарын 20". */
export function formatDate(t: TFunction, value: string | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(t, value);
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : formatDay(t, localDay(d));
}

/** An instant with the time of day, in the browser's time zone: "20 July 2026, 14:05". */
export function formatDateTime(t: TFunction, value: string | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${formatDay(t, localDay(d))}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
