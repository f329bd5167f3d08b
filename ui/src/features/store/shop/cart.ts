// The cart and checkout, exactly as the original product had them: a cart item is id, price,
// quantity and colours; adding an item already in the cart raises its quantity by one and merges
// the colours; a quantity goes up or down by one; the steps count from 0 (cart, billing address,
// delivery and payment, review) and move by next, back or a jump; reset clears the cart, billing
// and totals and returns to step 0. The state is kept in local storage under a prefixed key and,
// for a signed-in person, on the server too (PUT /api/me/cart), so it follows them to another
// device. The totals are the server's last quote (POST /api/product/quote): shown, never sent.
import { useSyncExternalStore } from 'react';

export interface CartItem {
  id: number;
  price: number;
  quantity: number;
  colours: string[];
}

export interface Billing {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
}

export interface Checkout {
  activeStep: number;
  cart: CartItem[];
  subTotal: number;
  total: number;
  discount: number;
  shipping: number;
  billing: Billing | null;
  totalItems: number;
  delivery: string;
  coupon: string;
  /** The idempotency key of the order being placed (a double click places it once). */
  key: string;
}

export const STEPS = ['cart', 'billing', 'delivery', 'review'] as const;
export const LAST_STEP = STEPS.length - 1;
export const MAX_QUANTITY = 99;

/** The local storage key (prefixed, as the original). */
export const STORAGE_KEY = 'gerege.checkout';

export const emptyCheckout = (): Checkout => ({
  activeStep: 0,
  cart: [],
  subTotal: 0,
  total: 0,
  discount: 0,
  shipping: 0,
  billing: null,
  totalItems: 0,
  delivery: 'pickup',
  coupon: '',
  key: '',
});

export type Action =
  | { type: 'add'; item: CartItem }
  | { type: 'increase' | 'decrease' | 'remove'; id: number }
  | { type: 'next' | 'back' | 'reset' }
  | { type: 'jump'; step: number }
  | { type: 'billing'; billing: Billing }
  | { type: 'delivery'; delivery: string }
  | { type: 'coupon'; coupon: string }
  | { type: 'totals'; subTotal: number; discount: number; shipping: number; total: number; totalItems: number }
  | { type: 'key'; key: string }
  | { type: 'replace'; state: Checkout };

const union = (a: string[], b: string[]) => [...a, ...b.filter((c) => !a.includes(c))];

/** The checkout's state after an action (pure). */
export function reduce(s: Checkout, a: Action): Checkout {
  switch (a.type) {
    case 'add': {
      const found = s.cart.find((i) => i.id === a.item.id);
      const cart = found
        ? s.cart.map((i) =>
            i.id === a.item.id ? { ...i, price: a.item.price, quantity: Math.min(MAX_QUANTITY, i.quantity + 1), colours: union(i.colours, a.item.colours) } : i,
          )
        : [...s.cart, { ...a.item, quantity: Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(a.item.quantity) || 1)) }];
      return { ...s, cart, key: '' };
    }
    case 'increase':
    case 'decrease': {
      const d = a.type === 'increase' ? 1 : -1;
      return { ...s, key: '', cart: s.cart.map((i) => (i.id === a.id ? { ...i, quantity: Math.max(1, Math.min(MAX_QUANTITY, i.quantity + d)) } : i)) };
    }
    case 'remove':
      return { ...s, key: '', cart: s.cart.filter((i) => i.id !== a.id) };
    case 'next':
      return { ...s, activeStep: Math.min(LAST_STEP, s.activeStep + 1) };
    case 'back':
      return { ...s, activeStep: Math.max(0, s.activeStep - 1) };
    case 'jump':
      return { ...s, activeStep: Math.max(0, Math.min(LAST_STEP, Math.trunc(a.step))) };
    case 'reset':
      return { ...emptyCheckout(), delivery: s.delivery };
    case 'billing':
      return { ...s, billing: a.billing };
    case 'delivery':
      return { ...s, delivery: a.delivery, key: '' };
    case 'coupon':
      return { ...s, coupon: a.coupon.trim().toUpperCase(), key: '' };
    case 'totals':
      return { ...s, subTotal: a.subTotal, discount: a.discount, shipping: a.shipping, total: a.total, totalItems: a.totalItems };
    case 'key':
      return { ...s, key: a.key };
    case 'replace':
      return a.state;
  }
}

/** Reads a stored state, keeping only what has the right shape. */
export function parse(raw: string | null): Checkout {
  const base = emptyCheckout();
  if (!raw) return base;
  try {
    const v = JSON.parse(raw) as Partial<Checkout>;
    const num = (x: unknown, d = 0) => (typeof x === 'number' && Number.isFinite(x) ? x : d);
    const cart = Array.isArray(v.cart)
      ? v.cart
          .filter((i): i is CartItem => !!i && typeof i.id === 'number' && i.id > 0)
          .map((i) => ({
            id: i.id,
            price: num(i.price),
            quantity: Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(num(i.quantity, 1)))),
            colours: Array.isArray(i.colours) ? i.colours.filter((c): c is string => typeof c === 'string') : [],
          }))
      : [];
    const b = v.billing;
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    return {
      ...base,
      activeStep: Math.max(0, Math.min(LAST_STEP, Math.trunc(num(v.activeStep)))),
      cart,
      subTotal: num(v.subTotal),
      total: num(v.total),
      discount: num(v.discount),
      shipping: num(v.shipping),
      totalItems: num(v.totalItems),
      billing: b && typeof b === 'object' ? { name: str(b.name), email: str(b.email), phone: str(b.phone), address: str(b.address), city: str(b.city) } : null,
      delivery: v.delivery === 'courier' ? 'courier' : 'pickup',
      coupon: str(v.coupon),
      key: str(v.key),
    };
  } catch {
    return base;
  }
}

/** What the server keeps of the state (PUT /api/me/cart): never the totals. */
export const serverState = (s: Checkout) => ({
  activeStep: s.activeStep,
  cart: s.cart,
  billing: s.billing,
  delivery: s.delivery,
  coupon: s.coupon,
});

// ---- the store: one per page load, saved in local storage ----

const listeners = new Set<() => void>();
let current: Checkout | undefined;
let onChange: ((s: Checkout) => void) | undefined;

const read = (): Checkout => {
  if (current) return current;
  let raw: string | null = null;
  try {
    raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  current = parse(raw);
  return current;
};

const serverSnapshot = emptyCheckout();

/** Applies an action: the new state is stored, shown, and (signed in) sent to the server. */
export function dispatch(a: Action): void {
  const next = reduce(read(), a);
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // private mode: kept for this page only
  }
  listeners.forEach((l) => l());
  if (a.type !== 'totals' && a.type !== 'replace') onChange?.(next);
}

/** Sets what happens after each change (the server copy for a signed-in person). */
export function onCartChange(f: ((s: Checkout) => void) | undefined): void {
  onChange = f;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The checkout state, re-rendering on every change (empty while prerendering). */
export const useCheckout = (): Checkout => useSyncExternalStore(subscribe, read, () => serverSnapshot);

/** Forget the page's copy (tests). */
export const resetStore = () => {
  current = undefined;
  listeners.clear();
};
