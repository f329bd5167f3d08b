// /dashboard/orders, /dashboard/orders/{id} (the buyer's orders, and one with how to pay it)
// and /dashboard/order, /dashboard/order/{id} (the seller's orders, with fulfilment,
// completion and cancellation).
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
import { SelectField } from '../../../../../ui/fields/TextField';
import { Table } from '../../../../../ui/Table';
import { PayNext } from '../../../components/PayNext';
import { RefundAction } from '../../../components/RefundAction';
import { changeMethod, payOrder, type CheckoutResult, type Order, type OrderPage } from '../../api';
import { formatMoney } from '../../../../../lib/money';
import { Money } from '../../components/parts';
import { usePaid } from '../../components/usePaid';

const STATUSES = ['placed', 'paid', 'fulfilled', 'completed', 'cancelled'];
const FULFILMENTS = ['shipped', 'delivered', 'ticket_issued', 'download_available'];

function StatusText({ o }: { o: Order }) {
  const { t } = useTranslation();
  return (
    <span class={`shop-status shop-status--${o.status}`} data-status={o.status}>
      {t(`shop.statuses.${o.status}`)}
      {o.fulfilment && <> · {t(`shop.fulfilments.${o.fulfilment}`)}</>}
    </span>
  );
}

function LinesList({ o }: { o: Order }) {
  return (
    <ul class="shop-order-lines">
      {o.lines.map((l) => (
        <li key={l.id}>
          {l.name} × {l.quantity}
          {l.colours.length > 0 && <> ({l.colours.join(', ')})</>}
        </li>
      ))}
    </ul>
  );
}

function Loading({ error, reload }: { error: string; reload: () => void }) {
  const { t } = useTranslation();
  return error ? (
    <Alert variant="error">
      {error}{' '}
      <button type="button" class="secondary outline" onClick={reload}>
        {t('shop.orders.retry')}
      </button>
    </Alert>
  ) : (
    <p aria-busy="true">{t('shop.orders.loading')}</p>
  );
}

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

const D = 'shopDashboard.orders';

function SellerList() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const { data, error, reload } = useResource<OrderPage>(`/shop/orders${status ? `?status=${status}` : ''}`);
  return (
    <>
      <SelectField
        id="shop-orders-status"
        name="status"
        label={t(`${D}.status`)}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value)}
        options={[{ value: '', label: t(`${D}.allStatuses`) }, ...STATUSES.map((s) => ({ value: s, label: t(`shop.statuses.${s}`) }))]}
      />
      {!data ? (
        <Loading error={error} reload={() => void reload()} />
      ) : !data.items.length ? (
        <p>{t(`${D}.empty`)}</p>
      ) : (
        <Table
          id="shop-orders"
          caption={t(`${D}.heading`)}
          rows={data.items}
          rowKey={(o) => String(o.id)}
          columns={[
            { key: 'id', header: t(`${D}.open`), cell: (o) => <Link href={`/dashboard/order/${o.id}`}>{t(`${D}.order`, { id: o.id })}</Link> },
            { key: 'buyer', header: t(`${D}.buyer`), cell: (o) => o.billing.name || o.buyerName },
            { key: 'status', header: t(`${D}.status`), cell: (o) => <StatusText o={o} /> },
            { key: 'total', header: t(`${D}.total`), cell: (o) => <Money amount={o.total} currency={o.currency} /> },
            { key: 'date', header: t(`${D}.placedOn`), cell: (o) => formatDate(t, o.createdAt) },
          ]}
        />
      )}
    </>
  );
}

export function SellerOrders() {
  return <DashboardShell page="order">{() => <SellerList />}</DashboardShell>;
}

function SellerDetail({ id, canRefund }: { id: string; canRefund: boolean }) {
  const { t, i18n } = useTranslation();
  const { data: o, error, reload } = useResource<Order>(`/shop/orders/${encodeURIComponent(id)}`);
  const [fulfilment, setFulfilment] = useState('delivered');
  const [busy, setBusy] = useState(false);
  if (!o) return <Loading error={error} reload={() => void reload()} />;
  const move = (status: string) => {
    setBusy(true);
    post<Order>(`/shop/orders/${o.id}/status`, { status, fulfilment: status === 'fulfilled' ? fulfilment : '' }).then(
      () => {
        setBusy(false);
        toast.success(t(`${D}.moved`));
        void reload();
      },
      (err: ApiError) => {
        setBusy(false);
        toast.error(err.message);
      },
    );
  };
  return (
    <article class="shop-order">
      <h2>{t(`${D}.order`, { id: o.id })}</h2>
      <p>
        {t(`${D}.status`)}: <StatusText o={o} />
      </p>
      {o.paymentId > 0 && <p class="muted">{t(`${D}.payment`, { id: o.paymentId })}</p>}
      {o.cancelReason === 'sold_out_at_payment' && (
        <Alert variant="warning">{t('shop.orders.soldOutSeller', { amount: formatMoney(i18n.language, o.total, o.currency) })}</Alert>
      )}
      {o.cancelReason === 'paid_after_cancel' && (
        <Alert variant="warning">{t('shop.orders.paidLateSeller', { amount: formatMoney(i18n.language, o.total, o.currency) })}</Alert>
      )}
      <RefundNote o={o} />
      {canRefund && o.refundOwed && !o.refunded && o.paymentId > 0 && (
        <p>
          <RefundAction paymentId={o.paymentId} label={t('shop.orders.refundButton')} onDone={() => void reload()} />
        </p>
      )}
      <h3>{t(`${D}.lines`)}</h3>
      <LinesList o={o} />
      <p>
        {t(`${D}.total`)}:{' '}
        <strong>
          <Money amount={o.total} currency={o.currency} />
        </strong>
      </p>
      <h3>{t(`${D}.billing`)}</h3>
      <address>{[o.billing.name, o.billing.email, o.billing.phone, o.billing.address, o.billing.city].filter(Boolean).join(' · ')}</address>
      <p>
        {t(`${D}.delivery`)}: {t(`shop.checkout.delivery.${o.delivery === 'digital' ? 'digital' : o.delivery}`)}
      </p>
      {(o.status === 'paid' || o.status === 'fulfilled') && (
        <form
          class="shop-move"
          onSubmit={(e) => {
            e.preventDefault();
            move('fulfilled');
          }}
        >
          <SelectField
            id="shop-fulfilment"
            name="fulfilment"
            label={t(`${D}.fulfilment`)}
            value={fulfilment}
            onChange={(e) => setFulfilment(e.currentTarget.value)}
            options={FULFILMENTS.map((f) => ({ value: f, label: t(`shop.fulfilments.${f}`) }))}
          />
          <button type="submit" disabled={busy}>
            {t(`${D}.fulfil`)}
          </button>
        </form>
      )}
      <p class="shop-nav">
        {o.status === 'fulfilled' && (
          <button type="button" disabled={busy} onClick={() => move('completed')}>
            {t(`${D}.complete`)}
          </button>
        )}
        {(o.status === 'placed' || o.status === 'paid') && (
          <button type="button" class="secondary" disabled={busy} onClick={() => move('cancelled')}>
            {t(`${D}.cancel`)}
          </button>
        )}
      </p>
    </article>
  );
}

export function SellerOrder() {
  const [, params] = useRoute<{ id: string }>('/dashboard/order/:id');
  return (
    <DashboardShell page="order" titleKey="dashboard.orderView.title">
      {(u) => <SellerDetail id={params?.id ?? ''} canRefund={u.permissions.includes('banking.refund')} />}
    </DashboardShell>
  );
}

/** Refunded (when, how much, the reference), or owed back and not yet refunded; partly refunded (X of Y) until the whole is back. */
function RefundNote({ o }: { o: Order }) {
  const { t, i18n } = useTranslation();
  if (o.refunded)
    return (
      <Alert variant="success">
        <span data-refunded={o.id}>
          {t('shop.orders.refunded', {
            date: formatDate(t, o.refunded.at),
            amount: formatMoney(i18n.language, o.refunded.amount, o.currency),
            reference: o.refunded.reference,
          })}
        </span>
      </Alert>
    );
  const partly = (o.refundedAmount ?? 0) > 0 && (
    <p data-partly-refunded={o.id}>
      {t('shop.orders.partlyRefunded', { refunded: formatMoney(i18n.language, o.refundedAmount ?? 0, o.currency), total: formatMoney(i18n.language, o.total, o.currency) })}
    </p>
  );
  if (o.refundOwed && !o.cancelReason)
    return (
      <Alert variant="warning">
        {t('shop.orders.refundOwed')}
        {partly}
      </Alert>
    );
  return partly || null;
}
