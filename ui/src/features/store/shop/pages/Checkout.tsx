// /product/checkout: the original's checkout — steps from 0 (cart, billing address, delivery
// and payment, review) moved by next, back or a jump; every number comes from the server's
// quote; the payment methods are those the quote offers (bank transfer always, card and QPay
// when configured); placing the order answers with what to do to pay (PayNext).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { focusFirstInvalid } from '../../../../lib/form';
import { useHydrated } from '../../../../lib/query';
import { loginUrl, useSession } from '../../../../lib/session';
import { Alert } from '../../../../ui/Alert';
import { RadioInputs } from '../../../../ui/fields/inputs';
import { TextField } from '../../../../ui/fields/TextField';
import { Stepper } from '../../../../ui/Stepper';
import { placeOrder, quote, type CheckoutResult, type Quote } from '../api';
import { dispatch, STEPS, useCheckout, type Billing, type Checkout as State } from '../cart';
import { PayNext } from '../../components/PayNext';
import { CartLink, Money } from '../components/parts';
import { usePaid } from '../components/usePaid';

const C = 'shop.checkout';
const emptyBilling: Billing = { name: '', email: '', phone: '', address: '', city: '' };

/** The server's quote of the cart, asked again whenever what it depends on changes. */
function useQuote(s: State) {
  const [got, setGot] = useState<{ key: string; quote?: Quote; error?: ApiError }>();
  const key = JSON.stringify([s.cart, s.coupon, s.delivery]);
  useEffect(() => {
    if (s.cart.length === 0) return;
    let live = true;
    quote(s).then(
      (q) => {
        if (!live) return;
        setGot({ key, quote: q });
        dispatch({ type: 'totals', subTotal: q.subTotal, discount: q.discount, shipping: q.shipping, total: q.total, totalItems: q.totalItems });
      },
      (error: ApiError) => live && setGot({ key, error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for what the quote reads
  }, [key]);
  return got?.key === key ? got : undefined;
}

function Totals({ q }: { q: Quote }) {
  const { t } = useTranslation();
  const row = (label: string, amount: number) => (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <Money amount={amount} currency={q.currency} />
      </td>
    </tr>
  );
  return (
    <table class="shop-totals">
      <caption class="visually-hidden">{t(`${C}.total`)}</caption>
      <tbody>
        {row(t(`${C}.subTotal`), q.subTotal)}
        {q.discount > 0 && row(t(`${C}.discount`), -q.discount)}
        {row(t(`${C}.shipping`), q.shipping)}
        {row(t(`${C}.total`), q.total)}
      </tbody>
    </table>
  );
}

function Lines({ q, editable }: { q: Quote; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <div class="table-scroll" role="region" aria-labelledby="shop-lines-caption" tabIndex={0}>
      <table class="striped shop-lines">
        <caption id="shop-lines-caption">{t(`${C}.totalItems`, { count: q.totalItems })}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`${C}.product`)}</th>
            <th scope="col">{t(`${C}.price`)}</th>
            <th scope="col">{t(`${C}.quantity`)}</th>
            <th scope="col">{t(`${C}.lineTotal`)}</th>
          </tr>
        </thead>
        <tbody>
          {q.lines.map((l) => (
            <tr key={l.id} data-product={l.id}>
              <th scope="row">
                <Link href={`/product/${l.id}`}>{l.name}</Link>
                {l.colours.length > 0 && <small class="shop-colours">{t(`${C}.colours`, { list: l.colours.join(', ') })}</small>}
              </th>
              <td>
                <Money amount={l.price} currency={q.currency} />
              </td>
              <td>
                {editable ? (
                  <span class="shop-qty">
                    <button type="button" class="secondary outline" aria-label={t(`${C}.decrease`, { name: l.name })} disabled={l.quantity <= 1} onClick={() => dispatch({ type: 'decrease', id: l.id })}>
                      −
                    </button>
                    <output aria-live="polite">{l.quantity}</output>
                    <button type="button" class="secondary outline" aria-label={t(`${C}.increase`, { name: l.name })} onClick={() => dispatch({ type: 'increase', id: l.id })}>
                      +
                    </button>
                    <button type="button" class="secondary outline" aria-label={t(`${C}.remove`, { name: l.name })} onClick={() => dispatch({ type: 'remove', id: l.id })}>
                      ×
                    </button>
                  </span>
                ) : (
                  l.quantity
                )}
              </td>
              <td>
                <Money amount={l.lineTotal} currency={q.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CouponForm({ s, error }: { s: State; error?: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(s.coupon);
  return (
    <form
      class="shop-coupon"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'coupon', coupon: code });
      }}
    >
      <TextField id="shop-coupon" name="coupon" label={t(`${C}.coupon`)} value={code} maxLength={40} error={error} onInput={(e) => setCode(e.currentTarget.value)} />
      <button type="submit" class="secondary">
        {t(`${C}.applyCoupon`)}
      </button>
    </form>
  );
}

function Nav({ canNext = true, onNext }: { canNext?: boolean; onNext?: () => void }) {
  const { t } = useTranslation();
  const s = useCheckout();
  return (
    <div class="shop-nav">
      {s.activeStep > 0 && (
        <button type="button" class="secondary" onClick={() => dispatch({ type: 'back' })}>
          {t(`${C}.back`)}
        </button>
      )}
      {s.activeStep < STEPS.length - 1 && (
        <button type={onNext ? 'submit' : 'button'} disabled={!canNext} onClick={onNext ? undefined : () => dispatch({ type: 'next' })}>
          {t(`${C}.next`)}
        </button>
      )}
    </div>
  );
}

function BillingStep({ s, errors }: { s: State; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const [b, setB] = useState<Billing>(s.billing ?? emptyBilling);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length) focusFirstInvalid(form.current);
  }, [errors]);
  const field = (name: keyof Billing, type: 'text' | 'email' | 'tel' = 'text', autoComplete = '', required = false) => (
    <TextField
      id={`shop-billing-${name}`}
      name={name}
      type={type}
      label={t(`${C}.billing.${name}`)}
      value={b[name]}
      required={required}
      autoComplete={autoComplete}
      maxLength={name === 'address' ? 300 : 100}
      error={errors[`billing.${name}`]}
      onInput={(e) => setB({ ...b, [name]: e.currentTarget.value })}
    />
  );
  return (
    <form
      ref={form}
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'billing', billing: b });
        dispatch({ type: 'next' });
      }}
    >
      {field('name', 'text', 'name', true)}
      {field('email', 'email', 'email', true)}
      {field('phone', 'tel', 'tel')}
      {field('address', 'text', 'street-address')}
      {field('city', 'text', 'address-level2')}
      <Nav onNext={() => undefined} />
    </form>
  );
}

function DeliveryStep({ s, q, provider, onProvider, error }: { s: State; q?: Quote; provider: string; onProvider: (p: string) => void; error?: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) focusFirstInvalid(box.current);
  }, [error]);
  return (
    <div ref={box}>
      <fieldset>
        <legend>{t(`${C}.delivery.label`)}</legend>
        {q && !q.physical ? (
          <p>{t(`${C}.delivery.digital`)}</p>
        ) : (
          (['pickup', 'courier'] as const).map((d) => (
            <label key={d} for={`shop-delivery-${d}`}>
              <input id={`shop-delivery-${d}`} type="radio" name="delivery" value={d} checked={s.delivery === d} onChange={() => dispatch({ type: 'delivery', delivery: d })} />
              {t(`${C}.delivery.${d}`)}
            </label>
          ))
        )}
      </fieldset>
      <RadioInputs
        id="shop-pay"
        name="provider"
        label={t(`${C}.payment.label`)}
        value={provider}
        onValue={onProvider}
        error={error}
        options={(q?.providers ?? ['bank']).map((p) => ({ value: p, label: t(`${C}.payment.${p}`) }))}
      />
      {q && <Totals q={q} />}
      <Nav />
    </div>
  );
}

function Placed({ r }: { r: CheckoutResult }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // QPay is paid in the bank's app while this page waits; the card page comes back to the order's page.
  const settled = usePaid(r.order.paymentId, r.provider === 'qpay');
  return (
    <section class="shop-placed" aria-labelledby="shop-placed-h">
      <h2 id="shop-placed-h" ref={heading} tabIndex={-1}>
        {t('shop.orders.order', { id: r.order.id })}
      </h2>
      {settled === 'paid' ? (
        <Alert variant="success">{t('shop.orders.paidNow')}</Alert>
      ) : (
        <>
          <Alert variant="success">{t(r.provider === 'bank' ? `${C}.placed` : `${C}.placedOnline`)}</Alert>
          {r.next && <PayNext next={r.next} words="shop.payNext" />}
          {r.provider === 'qpay' && <p aria-busy="true">{t('shop.orders.waiting')}</p>}
        </>
      )}
      <p>
        <Link href={`/dashboard/orders/${r.order.id}`}>{t(`${C}.myOrders`)}</Link>
      </p>
    </section>
  );
}

export function Checkout() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const s = useCheckout();
  const session = useSession();
  const q = useQuote(s);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<CheckoutResult>();
  const [chosen, setProvider] = useState('bank');
  // A method the quote no longer offers (another currency) falls back to the bank transfer.
  const provider = q?.quote && !q.quote.providers.includes(chosen) ? 'bank' : chosen;
  const top = useRef<HTMLDivElement>(null);
  const step = s.activeStep;
  useEffect(() => {
    // A new step: its heading (the stepper's current step) takes the reader there.
    if (hydrated) top.current?.focus();
  }, [hydrated, step]);
  const steps = STEPS.map((k) => t(`${C}.steps.${k}`));
  if (placed) {
    return (
      <div class="shop">
        <h1>{t(`${C}.heading`)}</h1>
        <Placed r={placed} />
      </div>
    );
  }
  const pay = () => {
    if (busy) return;
    const key = s.key || (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
    if (!s.key) dispatch({ type: 'key', key });
    setBusy(true);
    setFailure('');
    placeOrder({ ...s, key }, provider).then(
      (r) => {
        setBusy(false);
        dispatch({ type: 'reset' });
        setPlaced(r);
      },
      (err: ApiError) => {
        setBusy(false);
        const errs = err.errors ?? {};
        setErrors(errs);
        setFailure(err.message);
        if (Object.keys(errs).some((k) => k.startsWith('billing.'))) dispatch({ type: 'jump', step: 1 });
        else if (errs.provider) dispatch({ type: 'jump', step: 2 });
        else if (Object.keys(errs).some((k) => k.startsWith('items') || k === 'coupon')) dispatch({ type: 'jump', step: 0 });
      },
    );
  };
  const itemErrors = Object.entries(q?.error?.errors ?? errors).filter(([k]) => k.startsWith('items'));
  return (
    <div class="shop shop-checkout">
      <h1>{t(`${C}.heading`)}</h1>
      <Stepper steps={steps} current={step} />
      <div ref={top} tabIndex={-1} class="shop-step" aria-labelledby="shop-step-h">
        <h2 id="shop-step-h">{steps[step]}</h2>
        {failure && <Alert variant="error">{failure}</Alert>}
        {step === 0 &&
          (s.cart.length === 0 ? (
            <p>
              {t(`${C}.empty`)} <Link href="/product">{t(`${C}.shop`)}</Link>
            </p>
          ) : (
            <>
              {q?.error && !itemErrors.length && <Alert variant="error">{q.error.message}</Alert>}
              {itemErrors.map(([k, m]) => (
                <Alert key={k} variant="error">
                  {m}
                </Alert>
              ))}
              {!q ? <p aria-busy="true">{t(`${C}.quoting`)}</p> : q.quote && <Lines q={q.quote} editable />}
              <CouponForm s={s} error={q?.error?.errors?.coupon ?? errors.coupon} />
              {q?.quote?.coupon && <p>{t(`${C}.couponApplied`, { code: q.quote.coupon })}</p>}
              {q?.quote && <Totals q={q.quote} />}
              <Nav canNext={!!q?.quote} />
            </>
          ))}
        {step === 1 && <BillingStep s={s} errors={errors} />}
        {step === 2 && (
          <DeliveryStep
            s={s}
            q={q?.quote}
            provider={provider}
             onProvider={(p) => {
              setProvider(p);
              // Another method is another order: a new key (the old one names the order placed with the first).
              dispatch({ type: 'key', key: '' });
              setErrors({});
            }}
            error={errors.provider}
          />
        )}
        {step === 3 && (
          <>
            {q?.quote && <Lines q={q.quote} editable={false} />}
            <p>
              <button type="button" class="secondary outline" onClick={() => dispatch({ type: 'jump', step: 0 })}>
                {t(`${C}.goTo`, { step: steps[0] })}
              </button>{' '}
              <button type="button" class="secondary outline" onClick={() => dispatch({ type: 'jump', step: 1 })}>
                {t(`${C}.goTo`, { step: steps[1] })}
              </button>
            </p>
            {s.billing && (
              <address class="shop-billing">
                {[s.billing.name, s.billing.email, s.billing.phone, s.billing.address, s.billing.city].filter(Boolean).join(' · ')}
              </address>
            )}
            {q?.quote && <Totals q={q.quote} />}
            {session.status === 'signedIn' ? (
              <button type="button" onClick={pay} aria-busy={busy ? 'true' : undefined} disabled={busy || !q?.quote || s.cart.length === 0}>
                {busy ? t(`${C}.placing`) : t(`${C}.pay`)}
              </button>
            ) : (
              <a href={loginUrl(typeof window === 'undefined' ? '/product/checkout' : window.location.pathname)} role="button">
                {t(`${C}.signIn`)}
              </a>
            )}
            <Nav />
          </>
        )}
      </div>
      {s.cart.length > 0 && (
        <p>
          <button type="button" class="secondary outline" onClick={() => dispatch({ type: 'reset' })}>
            {t(`${C}.reset`)}
          </button>
        </p>
      )}
      <CartLink />
    </div>
  );
}
