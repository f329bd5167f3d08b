// The shop's calls (app/store/shop), typed from the API document.
import { get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';
import { onCartChange, serverState, dispatch, parse, type Checkout } from './cart';

export type Product = Resp<'getProduct'>;
export type ProductPage = Resp<'listProducts'>;
export type Quote = Resp<'quoteCart'>;
export type CheckoutResult = Resp<'checkout'>;
export type Order = Resp<'cancelMyOrder'>;
export type OrderPage = Resp<'listMyOrders'>;
export type ProductInput = Body<'createProduct'>;
export type Overview = Resp<'getShopOverview'>;
export type Coupons = Resp<'listCoupons'>;

export const listProducts = (query: string) => get<ProductPage>(`/product/list?${query}`);
export const getProduct = (id: string) => get<Product>(`/product/details?id=${encodeURIComponent(id)}`);
export const quote = (s: Checkout) =>
  post<Quote>('/product/quote', { items: s.cart, coupon: s.coupon, delivery: s.delivery === 'courier' ? 'courier' : 'pickup' } satisfies Body<'quoteCart'>);
export type Provider = CheckoutResult['provider'];
export type Payment = Resp<'getPayment'>;

export const placeOrder = (s: Checkout, provider: string) =>
  post<CheckoutResult>('/product/checkout', {
    items: s.cart,
    coupon: s.coupon,
    delivery: s.delivery,
    billing: s.billing ?? { name: '', email: '', phone: '', address: '', city: '' },
    key: s.key,
    provider: provider as Body<'checkout'>['provider'],
  } satisfies Body<'checkout'>);
/** Begins the payment of a placed order again (a new Checkout Session or QPay invoice). */
export const payOrder = (id: number) => post<CheckoutResult>(`/me/orders/${id}/pay`, {});
/** Pays an unpaid order another way: its open payment is cancelled, a new one begun. */
export const changeMethod = (id: number, provider: string) =>
  post<Resp<'changeMyOrderPaymentMethod'>>(`/me/orders/${id}/payment-method`, {
    provider: provider as Body<'changeMyOrderPaymentMethod'>['provider'],
  } satisfies Body<'changeMyOrderPaymentMethod'>);


let synced = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * For a signed-in person, the cart follows them: once per page load, an empty cart here takes
 * the server's, a cart here replaces the server's; then every change is sent (a moment later,
 * once for a burst of changes).
 */
export function syncCart(signedIn: boolean, local: Checkout): void {
  if (!signedIn) {
    onCartChange(undefined);
    return;
  }
  onCartChange((s) => {
    clearTimeout(timer);
    timer = setTimeout(() => void put('/me/cart', serverState(s)).catch(() => undefined), 300);
  });
  if (synced) return;
  synced = true;
  if (local.cart.length > 0) {
    void put('/me/cart', serverState(local)).catch(() => undefined);
    return;
  }
  get<Resp<'getCart'>>('/me/cart').then(
    (remote) => {
      if ((remote.cart ?? []).length > 0) dispatch({ type: 'replace', state: parse(JSON.stringify(remote)) });
    },
    () => undefined,
  );
}
