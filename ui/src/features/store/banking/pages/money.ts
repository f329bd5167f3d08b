/** Minor-unit exponents of the currencies payments take (MNT has none in practice). */
const EXPONENT: Record<string, number> = { MNT: 0, USD: 2 };

/** An amount in minor units as the reader's language writes money (₮ for tögrög). */
export function formatMoney(lang: string, amount: number, currency: string): string {
  const exp = EXPONENT[currency] ?? 2;
  return new Intl.NumberFormat(lang === 'mn' ? 'mn-MN' : 'en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: exp,
    maximumFractionDigits: exp,
  }).format(amount / 10 ** exp);
}

/** An instant as an Ulaanbaatar date and time. */
export function formatWhen(lang: string, iso: string): string {
  return new Intl.DateTimeFormat(lang === 'mn' ? 'mn-MN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Ulaanbaatar',
  }).format(new Date(iso));
}
