// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyCheckout, parse, reduce, serverState, type Checkout } from './cart';

const add = (s: Checkout, id: number, colours: string[], price = 100) => reduce(s, { type: 'add', item: { id, price, quantity: 1, colours } });

describe('the cart, as the original', () => {
  it('adding an item already in the cart raises its quantity by one and merges colours', () => {
    let s = add(emptyCheckout(), 1, ['Blue']);
    s = add(s, 2, []);
    s = add(s, 1, ['Red', 'Blue']);
    expect(s.cart).toEqual([
      { id: 1, price: 100, quantity: 2, colours: ['Blue', 'Red'] },
      { id: 2, price: 100, quantity: 1, colours: [] },
    ]);
  });
  it('raises or lowers a quantity by one, never below one', () => {
    let s = add(emptyCheckout(), 1, []);
    s = reduce(s, { type: 'increase', id: 1 });
    expect(s.cart[0].quantity).toBe(2);
    s = reduce(reduce(reduce(s, { type: 'decrease', id: 1 }), { type: 'decrease', id: 1 }), { type: 'decrease', id: 1 });
    expect(s.cart[0].quantity).toBe(1);
    expect(reduce(s, { type: 'remove', id: 1 }).cart).toEqual([]);
  });
  it('moves through the steps from 0 by next, back and jump, within bounds', () => {
    let s = emptyCheckout();
    s = reduce(s, { type: 'back' });
    expect(s.activeStep).toBe(0);
    s = reduce(reduce(reduce(reduce(s, { type: 'next' }), { type: 'next' }), { type: 'next' }), { type: 'next' });
    expect(s.activeStep).toBe(3);
    expect(reduce(s, { type: 'back' }).activeStep).toBe(2);
    expect(reduce(s, { type: 'jump', step: 1 }).activeStep).toBe(1);
    expect(reduce(s, { type: 'jump', step: 9 }).activeStep).toBe(3);
  });
  it('reset clears the cart, billing and totals and returns to step 0', () => {
    let s = add(emptyCheckout(), 1, ['Blue']);
    s = reduce(s, { type: 'billing', billing: { name: 'A', email: 'a@b.mn', phone: '', address: '', city: '' } });
    s = reduce(s, { type: 'totals', subTotal: 100, discount: 0, shipping: 0, total: 100, totalItems: 1 });
    s = reduce(s, { type: 'jump', step: 2 });
    const r = reduce(s, { type: 'reset' });
    expect(r.cart).toEqual([]);
    expect(r.billing).toBeNull();
    expect([r.subTotal, r.total, r.totalItems, r.activeStep]).toEqual([0, 0, 0, 0]);
  });
  it('reads back only well-formed stored state', () => {
    expect(parse('garbage')).toEqual(emptyCheckout());
    const s = parse(JSON.stringify({ activeStep: 7, cart: [{ id: 3, price: 5, quantity: 2.7, colours: ['A', 4] }, { id: -1 }] }));
    expect(s.activeStep).toBe(3);
    expect(s.cart).toEqual([{ id: 3, price: 5, quantity: 2, colours: ['A'] }]);
  });
  it('sends the server no totals', () => {
    const s = reduce(add(emptyCheckout(), 1, []), { type: 'totals', subTotal: 1, discount: 0, shipping: 0, total: 1, totalItems: 1 });
    expect(Object.keys(serverState(s))).not.toContain('total');
  });
});
