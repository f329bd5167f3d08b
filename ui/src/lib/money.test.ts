// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from './money';
import { formatDay, formatWhen, todayUB } from './ubtime';

describe('formatMoney', () => {
  it('writes amounts the way the glossary, the invoices and the server do', () => {
    expect(formatMoney('mn', 25000, 'MNT')).toBe('25 000₮');
    expect(formatMoney('en', 25000, 'MNT')).toBe('MNT 25,000');
    expect(formatMoney('mn', 1250000, 'MNT')).toBe('1 250 000₮');
    expect(formatMoney('en', 2900, 'USD')).toBe('USD 29.00');
    expect(formatMoney('en', 1250, 'USD')).toBe('USD 12.50');
    expect(formatMoney('mn', 1234567, 'USD')).toBe('12 345.67 $');
    expect(formatMoney('mn', -2273, 'MNT')).toBe('-2 273₮');
    expect(formatMoney('en', -5, 'USD')).toBe('USD -0.05');
    expect(formatMoney('en', 0, 'MNT')).toBe('MNT 0');
  });
});

describe('Ulaanbaatar dates', () => {
  it('writes days in Mongolian time', () => {
    expect(formatDay('en', '2026-07-20T10:00:00Z')).toBe('20 July 2026');
    expect(formatDay('mn', '2026-07-20T20:00:00Z')).toBe('2026 оны 7-р сарын 21');
  });
  it('writes instants with the 24-hour time, never the English month or AM/PM in Mongolian', () => {
    expect(formatWhen('en', '2026-11-22T17:30:00Z')).toBe('23 November 2026, 01:30');
    expect(formatWhen('mn', '2026-11-25T14:56:00Z')).toBe('2026 оны 11-р сарын 25, 22:56');
  });
  it('knows today in Ulaanbaatar, a day ahead of UTC after 16:00 UTC', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T17:00:00Z'));
    expect(todayUB()).toBe('2026-11-28');
    vi.useRealTimers();
  });
});
