import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from './amount';

describe('payout amounts', () => {
  it('read tögrög and dollars typed in major units', () => {
    expect(toMinor('90 000', 'MNT')).toBe(90000);
    expect(toMinor('90,000', 'MNT')).toBe(90000);
    expect(toMinor('12.5', 'USD')).toBe(1250);
    expect(toMinor('12.05', 'USD')).toBe(1205);
    expect(toMinor('12', 'USD')).toBe(1200);
  });
  it('refuse what is not an amount', () => {
    for (const bad of ['', '-5', '1.5', 'abc', '1e5']) expect(toMinor(bad, 'MNT')).toBe(-1);
    expect(toMinor('1.234', 'USD')).toBe(-1);
  });
  it('write minor units back', () => {
    expect(fromMinor(90000, 'MNT')).toBe('90000');
    expect(fromMinor(1205, 'USD')).toBe('12.05');
  });
});
