// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cardLabel } from './money';

describe('cardLabel', () => {
  it('names a saved card by brand and last four digits, never more', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'mastercard', last4: '4444' })).toBe('Mastercard •••• 4444');
    expect(cardLabel({ brand: 'eftpos_au', last4: '0001' })).toBe('EFTPOS_AU •••• 0001');
    expect(cardLabel({ brand: '', last4: '0001' })).toBe('•••• 0001');
  });
});
