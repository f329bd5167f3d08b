// Money as the glossary writes it, the same as the server (app/platform/payments FormatMoney,
// which invoices, emails and the server-rendered product pages use): mn "25 000₮", en
// "MNT 25,000"; US dollars with cents, en "USD 29.00", mn "29.00 $". Amounts are in minor units.
// Not Intl: Debian's chromium has no Mongolian data and writes "₮25,000" or "MNT 25,000.00".
const group = (n: number, sep: string): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);

export function formatMoney(lang: string, amount: number, currency: string): string {
  const sep = lang === 'mn' ? ' ' : ',';
  const sign = amount < 0 ? '-' : '';
  const a = Math.abs(amount);
  const num = currency === 'USD' ? `${group(Math.floor(a / 100), sep)}.${String(a % 100).padStart(2, '0')}` : group(a, sep);
  if (lang !== 'mn') return `${currency} ${sign}${num}`;
  return currency === 'USD' ? `${sign}${num} $` : `${sign}${num}₮`;
}
