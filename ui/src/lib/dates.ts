import { useEffect, useState } from 'react';

/** Full years between a YYYY-MM-DD birth date and `now` (UTC, as the server counts); NaN when the date is not real. */
export function age(birth: string, now: Date): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return NaN;
  let years = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < mo || (month === mo && now.getUTCDate() < d)) years--;
  return years;
}

/**
 * Today's date (YYYY-MM-DD, UTC as the server counts), known only once the page runs in a
 * browser: the prerendered HTML must not carry the build's date, or ui/dist would change from
 * day to day and a page built last week would refuse this week's birthdays.
 */
export function useToday(): string | undefined {
  const [today, setToday] = useState<string>();
  // After hydration on purpose: the prerendered HTML and the first render must agree, so the
  // browser's date can only come in a second render.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setToday(new Date().toISOString().slice(0, 10)), []);
  return today;
}

/**
 * A date as people type it, written as YYYY-MM-DD: "2005.3.1", "2005/03/01", "2005 3 1" and
 * "20050301" all become "2005-03-01". With `complete` false (while typing) only forms that
 * cannot grow any more are rewritten (8 digits, or two-digit month and day), so "2005.3.1"
 * can still become "2005.3.12". Anything else is returned as it is, for validation to name.
 */
export function normalizeDate(text: string, complete = true): string {
  const s = text.trim();
  const digits = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (digits) return `${digits[1]}-${digits[2]}-${digits[3]}`;
  const parts = /^(\d{4})\s*[-./ ]\s*(\d{1,2})\s*[-./ ]\s*(\d{1,2})$/.exec(s);
  if (!parts || (!complete && (parts[2].length < 2 || parts[3].length < 2))) return text;
  return `${parts[1]}-${parts[2].padStart(2, '0')}-${parts[3].padStart(2, '0')}`;
}
