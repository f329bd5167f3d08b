// Money as the glossary writes it, the same as the server's invoices (app/store/billing
// FormatMoney): mn "25 000₮", en "MNT 25,000"; USD in cents ("USD 29.00", mn "29.00 $").
// Not Intl: Debian's chromium formats MNT as "MNT 25,000.00".
const group = (n: number, sep: string): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);

export function formatMoney(amount: number, currency: string, lang: string): string {
  const sep = lang === 'mn' ? ' ' : ',';
  const neg = amount < 0 ? '-' : '';
  const a = Math.abs(amount);
  if (currency === 'USD') {
    const num = `${neg}${group(Math.floor(a / 100), sep)}.${String(a % 100).padStart(2, '0')}`;
    return lang === 'mn' ? `${num} $` : `USD ${num}`;
  }
  const num = `${neg}${group(a, sep)}`;
  return lang === 'mn' ? `${num}₮` : `MNT ${num}`;
}

/** A day as the glossary writes it: en "20 July 2026", mn "2026 оны 7-р сарын 20" (Mongolian time). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export function formatDay(iso: string, lang: string): string {
  const d = new Date(new Date(iso).getTime() + 8 * 3600 * 1000); // UTC+8, no daylight saving
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  return lang === 'mn' ? `${y} оны ${m + 1}-р сарын ${day}` : `${day} ${MONTHS[m]} ${y}`;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
  discover: 'Discover',
  diners: 'Diners Club',
};

/** A saved card as its owner knows it: "Visa •••• 4242" (brand names are not translated). */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = BRANDS[card.brand.toLowerCase()] ?? card.brand.toUpperCase();
  return brand ? `${brand} •••• ${card.last4}` : `•••• ${card.last4}`;
}
