import { useEffect, useState } from 'preact/hooks';

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
  useEffect(() => setToday(new Date().toISOString().slice(0, 10)), []);
  return today;
}
