import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resp } from '../../../../lib/apitypes';
import { useResource } from '../../../../lib/resource';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Section } from '../../../../ui/DashboardShell';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { formatWhen } from '../../../../lib/ubtime';
import { partlyText, RefundDialog } from '../../components/RefundDialog';

type Item = Resp<'getRefundsDue'>['items'][number];

/**
 * Refunds due: payments whose money is owed back (paid after their order or invoice was
 * cancelled, after the stock ran out, a paid order its seller cancelled). An admin refunds each
 * from its row: through Stripe or QPay, or by recording the bank transfer sent back. A refund
 * the provider declined stays listed with its reason, to try again.
 */
export function Refunds() {
  const { t, i18n } = useTranslation();
  const p = 'banking.page';
  const { data, error, reload } = useResource<Resp<'getRefundsDue'>>('/banking/refunds');
  const [open, setOpen] = useState<Item | null>(null);
  // Partly refunded (X of Y), and the latest part's state unless it succeeded.
  const state = (x: Item) => {
    const pay = x.payment;
    const r = pay.refund;
    const partly = partlyText(t, i18n.language, pay.refundedAmount ?? 0, pay.amount.amount, pay.amount.currency);
    const last = r && !(partly && r.status === 'succeeded') ? t(`${p}.refundStates.${r.status}`, { reason: r.failureText ?? r.failure ?? '' }) : '';
    return [partly, last].filter(Boolean).join(' · ');
  };
  return (
    <Section id="banking-refunds" title={t(`${p}.refunds`)}>
      <p>{t(`${p}.refundsLead`)}</p>
      {error ? (
        <Alert variant="error">{error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : data.items.length === 0 ? (
        <p>{t(`${p}.noRefunds`)}</p>
      ) : (
        <Table<Item>
          id="banking-refunds-table"
          caption={t(`${p}.refunds`)}
          rowKey={(x) => String(x.payment.id)}
          rows={data.items}
          columns={[
            { key: 'payer', header: t(`${p}.payer`), cell: (x) => [x.payerName, x.payerEmail, x.orgName].filter(Boolean).join(' · ') },
            { key: 'what', header: t(`${p}.description`), cell: (x) => t(`${p}.purposes.${x.payment.purpose}`, { ref: x.payment.refId, defaultValue: x.payment.purpose }) },
            { key: 'provider', header: t(`${p}.provider`), cell: (x) => t(`${p}.providers.${x.payment.provider}`) },
            { key: 'paid', header: t(`${p}.paidAt`), cell: (x) => (x.payment.paidAt ? formatWhen(i18n.language, x.payment.paidAt) : '') },
            { key: 'amount', header: t(`${p}.amount`), cell: (x) => formatMoney(i18n.language, x.payment.amount.amount, x.payment.amount.currency), numeric: true },
            {
              key: 'state',
              header: t(`${p}.refundStatus`),
              cell: (x) => (
                <span data-refund-state={x.payment.refund?.status ?? ''} data-refunded-amount={x.payment.refundedAmount ?? 0}>
                  {state(x)}
                </span>
              ),
            },
            {
              key: 'action',
              header: t(`${p}.action`),
              cell: (x) => (
                <Button variant="secondary" onClick={() => setOpen(x)} data-refund={x.payment.id}>
                  {t(`${p}.refund`)}
                  <span class="visually-hidden"> {t(`${p}.purposes.${x.payment.purpose}`, { ref: x.payment.refId, defaultValue: x.payment.purpose })}</span>
                </Button>
              ),
            },
          ]}
        />
      )}
      {open && (
        <RefundDialog
          key={open.payment.id}
          payment={open.payment}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            void reload();
          }}
          onFailed={() => void reload()}
        />
      )}
    </Section>
  );
}
