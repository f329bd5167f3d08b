import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, post } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { FormMessage, useForm } from '../../../../lib/form';
import { useResource } from '../../../../lib/resource';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Section } from '../../../../ui/DashboardShell';
import { Dialog } from '../../../../ui/Dialog';
import { DateField, TextField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { formatWhen, todayUB } from '../../../../lib/ubtime';

type Item = Resp<'getRefundsDue'>['items'][number];
type Outcome = Resp<'refundPayment'>;

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
  const state = (x: Item) => {
    const r = x.payment.refund;
    if (!r) return '';
    return t(`${p}.refundStates.${r.status}`, { reason: r.failureText ?? r.failure ?? '' });
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
            { key: 'state', header: t(`${p}.refundStatus`), cell: (x) => <span data-refund-state={x.payment.refund?.status ?? ''}>{state(x)}</span> },
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
          item={open}
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

/** The refund dialog: what is sent back and how; a bank transfer asks for its reference and day. */
function RefundDialog({ item, onClose, onDone, onFailed }: { item: Item; onClose: () => void; onDone: () => void; onFailed: () => void }) {
  const { t, i18n } = useTranslation();
  const p = 'banking.page';
  const pay = item.payment;
  const bank = pay.provider === 'bank';
  const form = useForm({ reason: '', reference: '', date: todayUB() });
  const { attach } = form;
  const send = form.submit(async () => {
    try {
      const body: Record<string, string> = { reason: form.values.reason };
      if (bank) Object.assign(body, { reference: form.values.reference, date: form.values.date });
      const out = await post<Outcome>(`/payments/${pay.id}/refund`, body);
      if (out.refund.status === 'failed') {
        form.fail({}, t(`${p}.refundFailed`, { reason: out.refund.failureText ?? out.refund.failure ?? '' }));
        onFailed();
        return;
      }
      toast.success(t(out.refund.status === 'succeeded' ? `${p}.refundDone` : `${p}.refundWaiting`, { id: pay.id }));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <Dialog open onClose={onClose} id="refund-dialog" title={t(`${p}.refundTitle`, { id: pay.id })}>
      <form noValidate ref={attach} onSubmit={send}>
        <p>{t(`${p}.refundIntro`)}</p>
        <p>
          {t(`${p}.refundAmount`)}: <strong>{formatMoney(i18n.language, pay.amount.amount, pay.amount.currency)}</strong>
          <br />
          {t(`${p}.refundVia`, { provider: t(`${p}.providers.${pay.provider}`) })}
        </p>
        <FormMessage message={form.message} />
        {form.errors.amount && <Alert variant="error">{form.errors.amount}</Alert>}
        {bank && (
          <>
            <TextField id="refund-reference" label={t(`${p}.refundReference`)} maxLength={100} required {...form.text('reference')} />
            <DateField id="refund-date" label={t(`${p}.refundDate`)} required {...form.text('date')} />
          </>
        )}
        <TextField id="refund-reason" label={t(`${p}.refundReason`)} maxLength={500} {...form.text('reason')} />
        <div class="button-row">
          <button type="submit" aria-busy={form.busy ? 'true' : undefined} disabled={form.busy}>
            {t(`${p}.refundConfirm`)}
          </button>
          <button type="button" class="secondary outline" onClick={onClose}>
            {t(`${p}.refundCancel`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
