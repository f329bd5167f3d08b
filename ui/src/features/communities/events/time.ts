// Events' times: typed and shown in Ulaanbaatar (UTC+8 all year), sent and stored as instants.
import { formatWhen, ubParts } from '../../../lib/ubtime';
import type { EventView } from './api';

const pad = (n: number) => String(n).padStart(2, '0');

export { ubParts };

/** Ulaanbaatar's date and time as an instant (RFC 3339), or undefined when either is not well formed. */
export function instant(date: string, time: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{1,2}:\d{2}$/.test(time.trim())) return undefined;
  const [h, m] = time.trim().split(':').map(Number);
  if (h > 23 || m > 59) return undefined;
  const s = `${date}T${pad(h)}:${pad(m)}:00+08:00`;
  return Number.isNaN(new Date(s).getTime()) ? undefined : s;
}

/** When an event is, in Ulaanbaatar, in the page's language: "27 November 2026, 18:00 – 20:00". */
export function when(lang: string, e: Pick<EventView, 'start' | 'end'>): string {
  const start = formatWhen(lang, e.start);
  const end = formatWhen(lang, e.end);
  const sameDay = start.slice(0, start.lastIndexOf(',')) === end.slice(0, end.lastIndexOf(','));
  return `${start} – ${sameDay ? end.slice(end.lastIndexOf(',') + 2) : end}`;
}

