// /dashboard/order, /dashboard/order/{id}: the seller's orders, with fulfilment, completion,
// cancellation and, for those who may, the refund of money owed back.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { type ApiError, post } from '../../../../../lib/api';
import { formatDate } from '../../../../../lib/formatTime';
import { useResource } from '../../../../../lib/resource';
import { toast } from '../../../../../lib/toast';
import { Alert } from '../../../../../ui/Alert';
import { DashboardShell } from '../../../../../ui/DashboardShell';
import { SelectField } from '../../../../../ui/fields/TextField';
import { Table } from '../../../../../ui/Table';
import { RefundAction } from '../../../components/RefundAction';
import { type Order, type OrderPage } from '../../api';
import { formatMoney } from '../../../../../lib/money';
import { Money } from '../../components/parts';
import { LinesList, Loading, RefundNote, StatusText } from './orderParts';

const STATUSES = ['placed', 'paid', 'fulfilled', 'completed', 'cancelled'];
const FULFILMENTS = ['shipped', 'delivered', 'ticket_issued', 'download_available'];

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

