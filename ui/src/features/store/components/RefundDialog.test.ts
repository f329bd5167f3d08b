import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from './RefundDialog';

describe('refund amounts', () => {
  it('reads tögrög as whole numbers and dollars with up to two decimals', () => {
    expect(parseAmount('25000', 'MNT')).toBe(25000);
    expect(parseAmount('25 000', 'MNT')).toBe(25000);
    expect(parseAmount('25,000', 'MNT')).toBe(25000);
    expect(parseAmount('12.5', 'MNT')).toBeNaN();
    expect(parseAmount('12.5', 'USD')).toBe(1250);
    expect(parseAmount('12.05', 'USD')).toBe(1205);
    expect(parseAmount('12', 'USD')).toBe(1200);
    expect(parseAmount('1.234', 'USD')).toBeNaN();
    expect(parseAmount('-5', 'MNT')).toBeNaN();
    expect(parseAmount('', 'MNT')).toBeNaN();
  });
  it('writes what it reads', () => {
    expect(amountText(25000, 'MNT')).toBe('25000');
    expect(amountText(1205, 'USD')).toBe('12.05');
    expect(parseAmount(amountText(99, 'USD'), 'USD')).toBe(99);
  });
});
