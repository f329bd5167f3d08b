// The bank transfer's details of an order waiting for its payment (after checkout, and on the
// buyer's orders page).
import { useTranslation } from 'react-i18next';
import type { CheckoutResult } from '../api';
import { Money } from './parts';

const C = 'shop.checkout';

export function TransferDetails({ r }: { r: CheckoutResult }) {
  const { t } = useTranslation();
  const tr = r.next?.transfer;
  return (
    <>
      {tr && (
        <dl class="facts">
          <dt>{t(`${C}.transfer.bank`)}</dt>
          <dd>{tr.bankName}</dd>
          <dt>{t(`${C}.transfer.account`)}</dt>
          <dd>{tr.account}</dd>
          <dt>{t(`${C}.transfer.holder`)}</dt>
          <dd>{tr.holder}</dd>
          <dt>{t(`${C}.transfer.reference`)}</dt>
          <dd data-reference>{tr.reference}</dd>
          <dt>{t(`${C}.transfer.amount`)}</dt>
          <dd>
            <Money amount={r.order.total} currency={r.order.currency} />
          </dd>
        </dl>
      )}
    </>
  );
}

