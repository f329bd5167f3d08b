// How a posting's facts read: pay, place, dates. The vocabulary labels are the catalog's
// (opportunities.kinds …, the same the server's /options gives).
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/formatTime';
import type { Pay, Summary } from '../types';

const O = 'opportunities';

/** A vocabulary value's label ("kinds", "job" → "Job"); the value itself when unknown. */
export const label = (t: TFunction, list: string, value: string): string => (value ? t(`${O}.${list}.${value}`, { defaultValue: value }) : '');

/** A number as the glossary writes it: en 1,000; mn 1 000 (a no-break space). */
export const number = (lang: string, n: number): string =>
  String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'mn' ? '\u00a0' : ',');

/** Money as the glossary writes it: en "MNT 25,000", mn "25 000₮" (other currencies after the amount). */
export function money(lang: string, currency: string, min: number, max = 0): string {
  const amount = max && max !== min ? `${number(lang, min)}–${number(lang, max)}` : number(lang, min);
  if (lang !== 'mn') return currency ? `${currency} ${amount}` : amount;
  return currency === 'MNT' ? `${amount}₮` : `${amount} ${currency}`.trim();
}

/** "MNT 5,000,000–7,000,000 per month", "Unpaid", "Pay not stated". */
export function payText(t: TFunction, lang: string, pay: Pay): string {
  if (pay.kind === 'unpaid') return t(`${O}.card.unpaid`);
  if (pay.kind !== 'amount' || !pay.min) return t(`${O}.card.payNotStated`);
  const period = pay.period ? label(t, 'payPeriods', pay.period) : '';
  return t(`${O}.card.payAmount`, { amount: money(lang, pay.currency, pay.min, pay.max), period }).trim();
}

/** "Ulaanbaatar, Mongolia", "Remote", "Seoul, South Korea (hybrid)". */
export function placeText(t: TFunction, s: Pick<Summary, 'city' | 'countryName' | 'workplace'>): string {
  if (s.workplace === 'remote') return label(t, 'workplaces', 'remote');
  const where = [s.city, s.countryName].filter(Boolean).join(', ');
  return s.workplace === 'hybrid' ? t(`${O}.card.hybrid`, { place: where }) : where;
}

/** "Deadline: 25 January 2027", or that there is none. */
export const deadlineText = (t: TFunction, deadline: string): string =>
  deadline ? t(`${O}.card.deadline`, { date: formatDate(t, deadline) }) : t(`${O}.card.noDeadline`);
