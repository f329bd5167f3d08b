// What the buyer's and the seller's order pages share: an order's status, its lines, the
// loading line and the refund note.
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../../ui/Alert';
import { formatDate } from '../../../../../lib/formatTime';
import { formatMoney } from '../../../../../lib/money';
import type { Order } from '../../api';

export function StatusText({ o }: { o: Order }) {
  const { t } = useTranslation();
  return (
    <span class={`shop-status shop-status--${o.status}`} data-status={o.status}>
      {t(`shop.statuses.${o.status}`)}
      {o.fulfilment && <> · {t(`shop.fulfilments.${o.fulfilment}`)}</>}
    </span>
  );
}

export function LinesList({ o }: { o: Order }) {
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

export function Loading({ error, reload }: { error: string; reload: () => void }) {
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

/** Refunded (when, how much, the reference), or owed back and not yet refunded; partly refunded (X of Y) until the whole is back. */
export function RefundNote({ o }: { o: Order }) {
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
