import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, put } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { formatMoney } from '../../../../lib/money';
import { KeysetPager, useKeysetPages, useResource } from '../../../../lib/resource';
import { toast } from '../../../../lib/toast';
import { formatDay, formatWhen } from '../../../../lib/ubtime';
import { Alert } from '../../../../ui/Alert';
import { Section } from '../../../../ui/DashboardShell';
import { TextField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';

type Details = Resp<'getPayoutDetails'>;
type Payout = Resp<'listOrgPayouts'>['items'][number];
type Balance = Resp<'listOrgPayouts'>['balances'][number];

const p = 'payouts.page';

/**
 * The owner's payout details: where the platform sends the organisation's money. Saved with
 * PUT; the server records each change and emails the owner. Values are kept on an error, each
 * message beside its field.
 */
export function PayoutDetails() {
  const { t, i18n } = useTranslation();
  const { data, error } = useResource<Details>('/banking/payout-details');
  const [saved, setSaved] = useState<Details['details']>(undefined);
  const shown = saved ?? data?.details;
  return (
    <Section id="payout-details" title={t(`${p}.details`)}>
      <p>{t(`${p}.detailsLead`)}</p>
      {error ? (
        <Alert variant="error">{error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : (
        <>
          {shown && <p class="muted">{t(`${p}.updated`, { when: formatWhen(i18n.language, shown.updatedAt) })}</p>}
          <DetailsForm initial={data.details} onSaved={setSaved} />
        </>
      )}
    </Section>
  );
}

/** Rendered once the details came: the form starts from them, and what the owner types stays. */
function DetailsForm({ initial, onSaved }: { initial: Details['details']; onSaved: (d: Details['details']) => void }) {
  const { t } = useTranslation();
  const form = useForm({ bankName: initial?.bankName ?? '', holder: initial?.holder ?? '', account: initial?.account ?? '' });
  const { attach, set } = form;
  const save = form.submit(async () => {
    try {
      const out = await put<Details>('/banking/payout-details', form.values);
      if (out.details) {
        set('bankName', out.details.bankName);
        set('holder', out.details.holder);
        set('account', out.details.account);
      }
      onSaved(out.details);
      toast.success(t(`${p}.saved`));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form noValidate ref={attach} onSubmit={save} id="payout-details-form">
      <FormMessage message={form.message} />
      <TextField id="payout-bank" label={t(`${p}.bankName`)} maxLength={100} required autoComplete="off" {...form.text('bankName')} />
      <TextField id="payout-holder" label={t(`${p}.holder`)} maxLength={200} required autoComplete="off" {...form.text('holder')} />
      <TextField id="payout-account" label={t(`${p}.account`)} hint={t(`${p}.accountHint`)} maxLength={60} required autoComplete="off"
        inputMode="text" {...form.text('account')} />
      <SubmitButton busy={form.busy}>{t(`${p}.save`)}</SubmitButton>
    </form>
  );
}

/** The organisation's payouts (newest first, paged) and its balance, held and available amounts. */
export function OrgPayouts() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useKeysetPages<Resp<'listOrgPayouts'>>('/banking/payouts');
  const data = list.data;
  const money = (amount: number, currency: string) => formatMoney(lang, amount, currency);
  return (
    <Section id="org-payouts" title={t(`${p}.payouts`)}>
      <p>{t(`${p}.payoutsLead`)}</p>
      {list.error ? (
        <Alert variant="error">{list.error}</Alert>
      ) : !data ? (
        <p aria-busy="true">{t(`${p}.loading`)}</p>
      ) : (
        <>
          {data.balances.length > 0 && (
            <Table<Balance>
              id="org-payouts-balances"
              caption={t(`${p}.balances`)}
              rowKey={(b) => b.currency}
              rows={data.balances}
              columns={[
                { key: 'currency', header: t(`${p}.currency`), cell: (b) => b.currency },
                { key: 'balance', header: t(`${p}.balance`), cell: (b) => money(b.balance, b.currency), numeric: true },
                { key: 'held', header: t(`${p}.held`), cell: (b) => money(b.held, b.currency), numeric: true },
                { key: 'available', header: t(`${p}.available`), cell: (b) => <strong data-available={b.currency}>{money(b.available, b.currency)}</strong>, numeric: true },
              ]}
            />
          )}
          {data.items.length === 0 ? (
            <p>{t(`${p}.noPayouts`)}</p>
          ) : (
            <Table<Payout>
              id="org-payouts-table"
              caption={t(`${p}.payouts`)}
              rowKey={(x) => String(x.id)}
              rows={data.items}
              columns={[
                { key: 'day', header: t(`${p}.day`), cell: (x) => formatDay(lang, `${x.transferDate}T00:00:00Z`) },
                { key: 'amount', header: t(`${p}.amount`), cell: (x) => money(x.amount.amount, x.amount.currency), numeric: true },
                { key: 'reference', header: t(`${p}.reference`), cell: (x) => x.reference },
                { key: 'to', header: t(`${p}.sentTo`), cell: (x) => `${x.bankName} · ${x.account}` },
                { key: 'status', header: t(`${p}.status`), cell: (x) => t(`${p}.statuses.${x.status}`) },
              ]}
            />
          )}
          {(list.page > 1 || !!data.next) && (
            <KeysetPager page={list.page} next={data.next ?? 0} onNewer={list.newer} onOlder={() => list.older(data.next ?? 0)} />
          )}
        </>
      )}
    </Section>
  );
}
