import { useTranslation } from 'react-i18next';
import type { Resp } from '../../../../lib/apitypes';
import { useResource } from '../../../../lib/resource';
import { Alert } from '../../../../ui/Alert';
import { Section } from '../../../../ui/DashboardShell';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { formatWhen } from '../../../../lib/ubtime';

type Item = Resp<'getRefundsDue'>['items'][number];

/**
 * Refunds due: card and QPay payments that arrived after their order or invoice was cancelled.
 * They are settled (the ledger shows them); an admin refunds each in the provider's dashboard.
 */
export function Refunds() {
  const { t, i18n } = useTranslation();
  const p = 'banking.page';
  const { data, error } = useResource<Resp<'getRefundsDue'>>('/banking/refunds');
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
            { key: 'amount', header: t(`${p}.amount`), cell: (x) => formatMoney(i18n.language, x.payment.amount.amount, x.payment.amount.currency) , numeric: true },
          ]}
        />
      )}
    </Section>
  );
}
