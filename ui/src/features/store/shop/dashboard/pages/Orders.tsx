// /dashboard/orders, /dashboard/orders/{id}: the buyer's orders, and one with how to pay it.
// (The seller's pages are SellerOrders.tsx: apart, so that neither page loads the other's code.)
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute, useSearch } from 'wouter';
import { type ApiError, post } from '../../../../../lib/api';
import { focusFirstInvalid } from '../../../../../lib/form';
import { formatDate } from '../../../../../lib/formatTime';
import { useResource } from '../../../../../lib/resource';
import { toast } from '../../../../../lib/toast';
import { Alert } from '../../../../../ui/Alert';
import { DashboardShell } from '../../../../../ui/DashboardShell';
import { RadioInputs } from '../../../../../ui/fields/inputs';
import { PayNext } from '../../../components/PayNext';
import { changeMethod, payOrder, type CheckoutResult, type Order, type OrderPage } from '../../api';
import { Money } from '../../components/parts';
import { usePaid } from '../../components/usePaid';
import { LinesList, Loading, RefundNote, StatusText } from './orderParts';

function Mine() {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<OrderPage>('/me/orders');
  if (!data) return <Loading error={error} reload={() => void reload()} />;
  if (!data.items.length)
    return (
      <p>
        {t('shop.orders.empty')} <Link href="/product">{t('shop.checkout.shop')}</Link>
      </p>
    );
  const cancel = (o: Order) =>
    post(`/me/orders/${o.id}/cancel`, {}).then(
      () => {
        toast.success(t('shop.orders.cancelled'));
        void reload();
      },
      (err: ApiError) => toast.error(err.message),
    );
  return (
    <ul class="shop-orders">
      {data.items.map((o) => (
        <li key={o.id} class="shop-order" data-order={o.id}>
          <h2>
            <Link href={`/dashboard/orders/${o.id}`}>{t('shop.orders.order', { id: o.id })}</Link>
          </h2>
          <p>
            {t('shop.orders.status')}: <StatusText o={o} />
          </p>
          <p>
            {t('shop.orders.total')}:{' '}
            <strong>
              <Money amount={o.total} currency={o.currency} />
            </strong>{' '}
            · {t('shop.orders.placedOn')}: {formatDate(t, o.createdAt)}
          </p>
          <LinesList o={o} />
          {o.status === 'placed' && (
            <>
              <Link href={`/dashboard/orders/${o.id}`} role="button" class="secondary">
                {t('shop.orders.howToPay')}
              </Link>{' '}
              <button type="button" class="secondary outline" onClick={() => void cancel(o)}>
                {t('shop.orders.cancel')}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function MyOrders() {
  return <DashboardShell page="orders">{() => <Mine />}</DashboardShell>;
}

/**
 * "Pay another way": the methods the order may still be paid with, other than its current
 * one. The server cancels the open payment (at its provider too) and begins the new one, whose
 * next step (a transfer's details, a QR, Stripe's page) the order page then shows.
 */
function ChangeMethod({ r, onChanged }: { r: CheckoutResult; onChanged: (x: CheckoutResult) => void }) {
  const { t } = useTranslation();
  const others = r.providers.filter((p) => p !== r.provider);
  const [choice, setChoice] = useState(others[0] ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error) focusFirstInvalid(box.current);
  }, [error]);
  if (!others.length) return null;
  const value = others.includes(choice) ? choice : others[0];
  const submit = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    changeMethod(r.order.id, value).then(
      (x) => {
        setBusy(false);
        toast.success(t('shop.orders.methodChanged'));
        onChanged(x);
      },
      (err: ApiError) => {
        setBusy(false);
        if (err.errors?.provider) setError(err.errors.provider);
        else toast.error(err.message);
      },
    );
  };
  return (
    <form ref={box} class="shop-change-method" onSubmit={submit} noValidate>
      <h3>{t('shop.orders.changeMethod')}</h3>
      <p>{t('shop.orders.changeMethodLead')}</p>
      <RadioInputs
        id="shop-change-method"
        name="provider"
        label={t('shop.orders.provider')}
        value={value}
        onValue={setChoice}
        error={error}
        options={others.map((p) => ({ value: p, label: t(`shop.checkout.payment.${p}`) }))}
      />
      <button type="submit" class="secondary" disabled={busy} aria-busy={busy ? 'true' : undefined}>
        {busy ? t('shop.orders.changingMethod') : t('shop.orders.changeMethodSubmit')}
      </button>
    </form>
  );
}

/**
 * One of the buyer's orders: its status and lines and, while it waits for its payment, how to
 * pay it — the transfer's details, or "Pay now" (card: to Stripe's page again; QPay: a fresh
 * QR). Back from Stripe's page (?payment=…), or after a QPay QR, it waits for the payment and
 * shows when it arrived.
 */
function OneOfMine({ id }: { id: string }) {
  const { t } = useTranslation();
  const back = new URLSearchParams(useSearch()).has('payment');
  const { data, error, reload } = useResource<CheckoutResult>(`/me/orders/${encodeURIComponent(id)}`);
  const [again, setAgain] = useState<CheckoutResult>();
  const [busy, setBusy] = useState(false);
  const [settledNow, setSettledNow] = useState(false);
  // Once the payment is no longer pending, the order as the server has it now (not the
  // answer of "Pay now").
  const r = settledNow ? data : (again ?? data);
  const o = r?.order;
  const waiting = !!o && o.status === 'placed' && r?.provider !== 'bank' && (back || again?.next?.kind === 'qr');
  const settled = usePaid(o?.paymentId ?? 0, waiting);
  useEffect(() => {
    if (settled) void reload().then(() => setSettledNow(true));
  }, [settled, reload]);
  if (!r || !o) return <Loading error={error} reload={() => void reload()} />;
  const pay = () => {
    setBusy(true);
    payOrder(o.id).then(
      (x) => {
        setBusy(false);
        setAgain(x);
      },
      (err: ApiError) => {
        setBusy(false);
        toast.error(err.message);
      },
    );
  };
  const cancel = () =>
    post(`/me/orders/${o.id}/cancel`, {}).then(
      () => {
        toast.success(t('shop.orders.cancelled'));
        setAgain(undefined);
        void reload();
      },
      (err: ApiError) => toast.error(err.message),
    );
  return (
    <article class="shop-order" data-order={o.id}>
      <h2>{t('shop.orders.order', { id: o.id })}</h2>
      {settled === 'paid' && <Alert variant="success">{t('shop.orders.paidNow')}</Alert>}
      {o.cancelReason === 'sold_out_at_payment' && <Alert variant="warning">{t('shop.orders.soldOut')}</Alert>}
      {o.cancelReason === 'paid_after_cancel' && <Alert variant="warning">{t('shop.orders.paidLate')}</Alert>}
      <RefundNote o={o} />
      <p>
        {t('shop.orders.status')}: <StatusText o={o} />
      </p>
      {r.provider && (
        <p>
          {t('shop.orders.provider')}: {t(`shop.checkout.payment.${r.provider}`)}
        </p>
      )}
      <p>
        {t('shop.orders.total')}:{' '}
        <strong>
          <Money amount={o.total} currency={o.currency} />
        </strong>{' '}
        · {t('shop.orders.placedOn')}: {formatDate(t, o.createdAt)}
        {o.paidAt && (
          <>
            {' '}
            · {t('shop.orders.paidOn')}: {formatDate(t, o.paidAt)}
          </>
        )}
      </p>
      <LinesList o={o} />
      {o.status === 'placed' && (
        <>
          {r.next && <PayNext next={r.next} words="shop.payNext" />}
          {waiting && !settled && <p aria-busy="true">{t('shop.orders.waiting')}</p>}
          <p class="shop-nav">
            {r.provider !== 'bank' && (
              <button type="button" onClick={pay} disabled={busy} aria-busy={busy ? 'true' : undefined}>
                {busy ? t('shop.orders.paying') : t('shop.orders.payAgain')}
              </button>
            )}
            <button type="button" class="secondary outline" onClick={() => void cancel()}>
              {t('shop.orders.cancel')}
            </button>
          </p>
          <ChangeMethod key={`${r.provider}-${o.paymentId}`} r={r} onChanged={setAgain} />
        </>
      )}
      <p>
        <Link href="/dashboard/orders">{t('shop.orders.all')}</Link>
      </p>
    </article>
  );
}

export function MyOrder() {
  const [, params] = useRoute<{ id: string }>('/dashboard/orders/:id');
  return <DashboardShell page="orders" titleKey="dashboard.myOrder.title">{() => <OneOfMine id={params?.id ?? ''} />}</DashboardShell>;
}

