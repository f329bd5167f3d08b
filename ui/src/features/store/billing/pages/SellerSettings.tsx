// /dashboard/invoice/settings: platform admins edit the seller's details invoices are issued
// with (legal name and address in both languages, tax number, VAT payer or not, the bank and
// account payers transfer to, email, phone). Issued invoices keep the details they were issued
// with; new invoices and the bank transfer instructions use these.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, put } from '../../../../lib/api';
import type { Body, Resp } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { useResource } from '../../../../lib/resource';
import { CheckboxField, TextField } from '../../../../ui/fields/TextField';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { adoptStyles } from '../../../../lib/styles';
import css from '../billing.css?inline';

adoptStyles(css);

type Seller = Resp<'getBillingSeller'>;
const L = 'storeBilling.ui.seller';
const TEXT = ['nameEn', 'nameMn', 'addressEn', 'addressMn', 'taxId', 'bankName', 'bankAccount', 'email', 'phone'] as const;

function SellerForm({ seller }: { seller: Seller }) {
  const { t } = useTranslation();
  const d = seller.details;
  const form = useForm({ ...d });
  const { attach } = form;
  const [saved, setSaved] = useState('');
  const onSubmit = form.submit(async () => {
    const body: Body<'updateBillingSeller'> = { ...form.values };
    setSaved('');
    try {
      await put<Seller>('/billing/seller', body);
      setSaved(t(`${L}.saved`));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="billing-form">
      <p>{t(`${L}.lead`)}</p>
      {!seller.saved && <p class="muted">{t(`${L}.defaults`)}</p>}
      <FormMessage message={form.message} />
      <FormMessage message={saved} variant="success" />
      {TEXT.map((f) => (
        <TextField
          key={f}
          id={`seller-${f}`}
          label={t(`${L}.${f}`)}
          required={['nameEn', 'nameMn', 'addressEn', 'addressMn', 'taxId'].includes(f)}
          type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
          hint={f === 'bankAccount' ? t(`${L}.bankHint`) : undefined}
          {...form.text(f)}
        />
      ))}
      <CheckboxField id="seller-vatPayer" name="vatPayer" checked={form.values.vatPayer} onChange={(v) => form.set('vatPayer', v)} error={form.errors.vatPayer}>
        {t(`${L}.vatPayer`)}
      </CheckboxField>
      <SubmitButton busy={form.busy}>{t(`${L}.save`)}</SubmitButton>
    </form>
  );
}

function Settings() {
  const { data, error } = useResource<Seller>('/billing/seller');
  if (error) return <FormMessage message={error} />;
  if (!data) return <p aria-busy="true" />;
  return <SellerForm seller={data} />;
}

export function SellerSettings() {
  return <DashboardShell page="invoiceSettings">{() => <Settings />}</DashboardShell>;
}
