import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, post } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { FormMessage, useForm } from '../../../../lib/form';
import { formatMoney } from '../../../../lib/money';
import { useResource } from '../../../../lib/resource';
import { toast } from '../../../../lib/toast';
import { formatDay, todayUB } from '../../../../lib/ubtime';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Section } from '../../../../ui/DashboardShell';
import { Dialog } from '../../../../ui/Dialog';
import { DateField, TextField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { fromMinor, toMinor } from '../amount';
import { RecentPayouts } from './RecentPayouts';

type Item = Resp<'listOwedToOrgs'>['items'][number];

const p = 'payouts.page';

/**
 * "Owed to organisations" (platform admins): each organisation with a positive balance, per
 * currency, what may be paid out now (held money for refunds still owed is not), its payout
 * details, and "Record payout…" once it has details and something is available.
 */
export function OwedToOrgs({ onChanged }: { onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, reload } = useResource<Resp<'listOwedToOrgs'>>('/banking/owed');
  const [open, setOpen] = useState<Item | null>(null);
  const money = (amount: number, currency: string) => formatMoney(lang, amount, currency);
  return (
    <Section id="banking-owed" title={t(`${p}.owed`)}>
      <p>{t(`${p}.owedLead`)}</p>
      {error ? (
        <Alert variant="error">{error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : data.items.length === 0 ? (
        <p>{t(`${p}.noOwed`)}</p>
      ) : (
        <Table<Item>
          id="banking-owed-table"
          caption={t(`${p}.owed`)}
          rowKey={(x) => `${x.orgId}-${x.balance.currency}`}
          rows={data.items}
          columns={[
            { key: 'org', header: t(`${p}.organization`), cell: (x) => x.orgName || `#${x.orgId}` },
            { key: 'balance', header: t(`${p}.balance`), cell: (x) => money(x.balance.balance, x.balance.currency), numeric: true },
            { key: 'held', header: t(`${p}.held`), cell: (x) => money(x.balance.held, x.balance.currency), numeric: true },
            { key: 'available', header: t(`${p}.available`), cell: (x) => money(x.balance.available, x.balance.currency), numeric: true },
            {
              key: 'details',
              header: t(`${p}.detailsCol`),
              cell: (x) =>
                x.details ? (
                  <>
                    {x.details.bankName}
                    <br />
                    {x.details.holder}
                    <br />
                    {x.details.account}
                  </>
                ) : (
                  <em>{t(`${p}.noDetailsYet`)}</em>
                ),
            },
            {
              key: 'last',
              header: t(`${p}.lastPayout`),
              cell: (x) =>
                x.lastPayout
                  ? `${formatDay(lang, `${x.lastPayout.transferDate}T00:00:00Z`)} · ${money(x.lastPayout.amount.amount, x.lastPayout.amount.currency)}`
                  : '',
            },
            {
              key: 'action',
              header: t(`${p}.action`),
              cell: (x) =>
                x.details && x.balance.available > 0 ? (
                  <Button variant="secondary" onClick={() => setOpen(x)} data-payout={`${x.orgId}-${x.balance.currency}`}>
                    {t(`${p}.record`)}
                    <span class="visually-hidden"> {x.orgName}</span>
                  </Button>
                ) : (
                  ''
                ),
            },
          ]}
        />
      )}
      {open && (
        <PayoutDialog
          key={`${open.orgId}-${open.balance.currency}`}
          item={open}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            if (onChanged) onChanged();
            else void reload();
          }}
        />
      )}
    </Section>
  );
}

/** The payout dialog: the amount (the whole available amount by default), the transfer's reference and day. */
function PayoutDialog({ item, onClose, onDone }: { item: Item; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const cur = item.balance.currency;
  const form = useForm({ amount: fromMinor(item.balance.available, cur), reference: '', date: todayUB() });
  const { attach } = form;
  const d = item.details;
  const send = form.submit(async () => {
    try {
      const out = await post<Resp<'recordPayout'>>(`/banking/orgs/${item.orgId}/payouts`, {
        currency: cur,
        amount: toMinor(form.values.amount, cur),
        reference: form.values.reference,
        date: form.values.date,
      });
      toast.success(t(`${p}.recorded`, { amount: formatMoney(i18n.language, out.amount.amount, out.amount.currency), org: item.orgName }));
      onDone();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <Dialog open onClose={onClose} id="payout-dialog" title={t(`${p}.recordTitle`, { org: item.orgName || `#${item.orgId}` })}>
      <form noValidate ref={attach} onSubmit={send}>
        <p>{t(`${p}.recordIntro`)}</p>
        {d && <p>{t(`${p}.sendTo`, { bank: d.bankName, holder: d.holder, account: d.account })}</p>}
        <FormMessage message={form.message} />
        <TextField
          id="payout-amount"
          label={t(`${p}.amountLabel`, { currency: cur })}
          hint={t(`${p}.amountHint`, { available: formatMoney(i18n.language, item.balance.available, cur) })}
          inputMode="decimal"
          required
          {...form.text('amount')}
        />
        <TextField id="payout-reference" label={t(`${p}.transferReference`)} maxLength={100} required {...form.text('reference')} />
        <DateField id="payout-date" label={t(`${p}.transferDate`)} required {...form.text('date')} />
        <div class="button-row">
          <button type="submit" aria-busy={form.busy ? 'true' : undefined} disabled={form.busy}>
            {t(`${p}.confirm`)}
          </button>
          <button type="button" class="secondary outline" onClick={onClose}>
            {t(`${p}.cancel`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The admins' part of the banking page: what is owed, and the recent payouts; a change in
 * either loads both again. */
export function AdminPayouts() {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <>
      <OwedToOrgs key={`owed-${version}`} onChanged={changed} />
      <RecentPayouts key={`recent-${version}`} onChanged={changed} />
    </>
  );
}
