import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, post } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { useResource } from '../../../../lib/resource';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Section } from '../../../../ui/DashboardShell';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { formatWhen } from '../../../../lib/ubtime';

type Item = Resp<'getPendingTransfers'>['items'][number];

/** Bank transfers waiting: an admin compares them with the bank statement and marks each received. */
export function Pending() {
  const { t, i18n } = useTranslation();
  const p = 'banking.page';
  const { data, error, reload } = useResource<Resp<'getPendingTransfers'>>('/banking/pending');
  const [busy, setBusy] = useState(0);
  const [failed, setFailed] = useState('');
  const mark = async (x: Item) => {
    setBusy(x.payment.id);
    setFailed('');
    try {
      await post(`/payments/${x.payment.id}/mark-paid`, {});
      toast.success(t(`${p}.marked`, { reference: x.payment.transfer?.reference ?? String(x.payment.id) }));
      await reload();
    } catch (err) {
      onApiError(err as ApiError);
      setFailed((err as ApiError).message);
    } finally {
      setBusy(0);
    }
  };
  return (
    <Section id="banking-pending" title={t(`${p}.pending`)}>
      <div role="alert">{failed && <Alert variant="error">{failed}</Alert>}</div>
      {error ? (
        <Alert variant="error">{error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : data.items.length === 0 ? (
        <p>{t(`${p}.noPending`)}</p>
      ) : (
        <Table<Item>
          id="banking-pending-table"
          caption={t(`${p}.pending`)}
          rowKey={(x) => String(x.payment.id)}
          rows={data.items}
          columns={[
            { key: 'reference', header: t(`${p}.reference`), cell: (x) => x.payment.transfer?.reference ?? '' },
            { key: 'payer', header: t(`${p}.payer`), cell: (x) => [x.payerName, x.payerEmail, x.orgName].filter(Boolean).join(' · ') },
            { key: 'what', header: t(`${p}.description`), cell: (x) => t(`${p}.purposes.${x.payment.purpose}`, { ref: x.payment.refId, defaultValue: x.payment.purpose }) },
            { key: 'created', header: t(`${p}.created`), cell: (x) => formatWhen(i18n.language, x.payment.createdAt) },
            { key: 'amount', header: t(`${p}.amount`), cell: (x) => formatMoney(i18n.language, x.payment.amount.amount, x.payment.amount.currency), numeric: true },
            {
              key: 'action',
              header: t(`${p}.action`),
              cell: (x) => (
                <Button variant="secondary" onClick={() => mark(x)} aria-busy={busy === x.payment.id ? 'true' : undefined} disabled={busy !== 0}>
                  {t(`${p}.markPaid`)}
                  <span class="visually-hidden"> {x.payment.transfer?.reference}</span>
                </Button>
              ),
            },
          ]}
        />
      )}
    </Section>
  );
}
