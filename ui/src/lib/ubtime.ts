// Instants as Mongolian time (UTC+8, no daylight saving), for the pages whose dates are
// Ulaanbaatar's whatever the reader's clock says — invoices, subscriptions, the ledger — written
// as the glossary writes dates: en "20 July 2026", mn "2026 оны 7-р сарын 20" (as the server's
// invoices do, app/store/billing FormatDate). Not Intl: Debian's chromium has no Mongolian data
// and writes "Nov 25, 2026, 10:56 PM" on a Mongolian page.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');
const ub = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600 * 1000);

/** The day of an instant in Ulaanbaatar. */
export function formatDay(lang: string, iso: string): string {
  const d = ub(iso);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  return lang === 'mn' ? `${y} оны ${m + 1}-р сарын ${day}` : `${day} ${MONTHS[m]} ${y}`;
}

/** The day and the 24-hour time of an instant in Ulaanbaatar: "20 July 2026, 14:05". */
export function formatWhen(lang: string, iso: string): string {
  const d = ub(iso);
  return `${formatDay(lang, iso)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Today's date in Ulaanbaatar, YYYY-MM-DD (e.g. the day a bank transfer was sent, by default). */
export const todayUB = (): string => ub(new Date().toISOString()).toISOString().slice(0, 10);

/** An instant as Ulaanbaatar's date (YYYY-MM-DD) and time (HH:MM): what a date and a time field hold. */
export function ubParts(iso: string): [string, string] {
  const d = ub(iso);
  return [`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`, `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`];
}
