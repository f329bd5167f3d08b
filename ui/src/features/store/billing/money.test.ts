import { describe, expect, it } from 'vitest';
import { cardLabel, formatDay, formatMoney } from './money';

describe('formatMoney', () => {
  it('writes amounts the way the glossary and the invoices do', () => {
    expect(formatMoney(25000, 'MNT', 'mn')).toBe('25 000₮');
    expect(formatMoney(25000, 'MNT', 'en')).toBe('MNT 25,000');
    expect(formatMoney(2900, 'USD', 'en')).toBe('USD 29.00');
    expect(formatMoney(1234567, 'USD', 'mn')).toBe('12 345.67 $');
    expect(formatMoney(-2273, 'MNT', 'mn')).toBe('-2 273₮');
    expect(formatMoney(0, 'MNT', 'en')).toBe('MNT 0');
  });
  it('writes days in Mongolian time', () => {
    expect(formatDay('2026-07-20T10:00:00Z', 'en')).toBe('20 July 2026');
    expect(formatDay('2026-07-20T20:00:00Z', 'mn')).toBe('2026 оны 7-р сарын 21');
  });
});

describe('cardLabel', () => {
  it('names a saved card by brand and last four digits, never more', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'mastercard', last4: '4444' })).toBe('Mastercard •••• 4444');
    expect(cardLabel({ brand: 'eftpos_au', last4: '0001' })).toBe('EFTPOS_AU •••• 0001');
    expect(cardLabel({ brand: '', last4: '0001' })).toBe('•••• 0001');
  });
});
