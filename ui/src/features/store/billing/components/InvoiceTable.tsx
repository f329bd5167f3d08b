import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Schema } from '../../../../lib/apitypes';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { formatDay } from '../../../../lib/ubtime';

type Row = Schema<'BillingInvoiceSummary'>;
const U = 'storeBilling.ui';

/** Invoices with their number (a link to the invoice), date, buyer, total and status. */
export function InvoiceTable({ id, caption, rows }: { id: string; caption: string; rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Table
      id={id}
      caption={caption}
      rows={rows}
      rowKey={(r) => String(r.id)}
      columns={[
        {
          key: 'number',
          header: t(`${U}.number`),
          cell: (r) => <Link href={`/dashboard/invoice/${r.id}`}>{r.number || t(`${U}.draftLabel`, { id: r.id })}</Link>,
        },
        { key: 'kind', header: t(`${U}.kind.invoice`), cell: (r) => t(`${U}.kind.${r.kind}`) },
        { key: 'date', header: t(`${U}.date`), cell: (r) => formatDay(lang, r.issuedAt ?? r.createdAt) },
        { key: 'buyer', header: t(`${U}.buyer`), cell: (r) => r.buyer },
        { key: 'total', header: t(`${U}.total`), cell: (r) => formatMoney(lang, r.total, r.currency), numeric: true },
        { key: 'status', header: t(`${U}.status2`), cell: (r) => t(`storeBilling.invoice.status.${r.status}`) },
      ]}
    />
  );
}
