import { describe, expect, it } from 'vitest';
import { formatMoney, formatWhen } from './money';

describe('money', () => {
  it('writes minor units in the currency’s own decimals, tögrög with ₮', () => {
    expect(formatMoney('en', 25000, 'MNT')).toBe('₮25,000');
    expect(formatMoney('en', 1250, 'USD')).toBe('$12.50');
    expect(formatMoney('en', -1500, 'MNT')).toBe('-₮1,500');
    expect(formatMoney('mn', 25000, 'MNT')).toContain('₮');
  });
  it('writes instants in Ulaanbaatar time', () => {
    expect(formatWhen('en', '2026-11-22T17:30:00Z')).toContain('23 Nov 2026');
  });
});
