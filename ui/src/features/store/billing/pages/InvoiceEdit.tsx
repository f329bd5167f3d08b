// /dashboard/invoice/new and /dashboard/invoice/{id}/edit (drafts only): a manual invoice, e.g.
// for a bank transfer. Amounts are in the currency's smallest unit, VAT included.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { type ApiError, get, post, put } from '../../../../lib/api';
import type { Body, Resp } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { onApiError } from '../../../../lib/session';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { DateField, SelectField, TextField } from '../../../../ui/fields/TextField';
import { adoptStyles } from '../../../../lib/styles';
import css from '../billing.css?inline';

adoptStyles(css);

type Invoice = Resp<'getBillingInvoice'>;
interface LineState {
  description: string;
  quantity: string;
  unitPrice: string;
}
const F = 'storeBilling.ui.form';

function EditForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useForm({ orgId: '', lang: 'mn', currency: 'MNT', buyerName: '', buyerAddress: '', buyerTaxId: '', buyerEmail: '', vatRateBp: '1000', note: '', dueDate: '' });
  const { attach } = form;
  const [lines, setLines] = useState<LineState[]>([{ description: '', quantity: '1', unitPrice: '' }]);
  useEffect(() => {
    if (!id) return;
    get<Invoice>(`/billing/invoices/${id}`).then(
      (v) => {
        const s = (k: Parameters<typeof form.set>[0], x: string) => form.set(k, x);
        s('orgId', v.orgId ? String(v.orgId) : '');
        s('lang', v.lang);
        s('currency', v.currency);
        s('buyerName', v.buyer.name);
        s('buyerAddress', v.buyer.address);
        s('buyerTaxId', v.buyer.taxId);
        s('buyerEmail', v.buyer.email ?? '');
        s('vatRateBp', v.vatRate === '0%' ? '0' : '1000');
        s('note', v.note);
        s('dueDate', v.dueAt ? v.dueAt.slice(0, 10) : '');
        setLines((v.lines ?? []).map((l) => ({ description: l.description, quantity: String(l.quantity), unitPrice: String(l.unitPrice) })));
      },
      (err: ApiError) => {
        onApiError(err);
        form.setMessage(err.message);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per invoice
  }, [id]);
  const setLine = (i: number, k: keyof LineState, v: string) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [k]: v } : l)));
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const body: Body<'createBillingInvoice'> = {
      orgId: Number(v.orgId) || 0,
      lang: v.lang as 'en' | 'mn',
      currency: v.currency as 'MNT' | 'USD',
      buyerName: v.buyerName,
      buyerAddress: v.buyerAddress,
      buyerTaxId: v.buyerTaxId,
      buyerEmail: v.buyerEmail,
      vatRateBp: Number(v.vatRateBp),
      note: v.note,
      dueDate: v.dueDate,
      lines: lines.map((l) => ({ description: l.description, quantity: Number(l.quantity) || 0, unitPrice: Number(l.unitPrice) || 0 })),
    };
    try {
      const saved = id ? await put<Invoice>(`/billing/invoices/${id}`, body) : await post<Invoice>('/billing/invoices', body);
      navigate(`/dashboard/invoice/${saved.id}`);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="billing-form">
      <FormMessage message={form.message} />
      <TextField id="inv-org" label={t(`${F}.org`)} hint={t(`${F}.orgHint`)} inputMode="numeric" {...form.text('orgId')} />
      <SelectField id="inv-lang" label={t(`${F}.lang`)} {...form.select('lang')} options={['mn', 'en'].map((l) => ({ value: l, label: t(`${F}.langs.${l}`) }))} />
      <SelectField id="inv-currency" label={t(`${F}.currency`)} {...form.select('currency')} options={['MNT', 'USD'].map((c) => ({ value: c, label: c }))} />
      <TextField id="inv-buyer" label={t(`${F}.buyerName`)} {...form.text('buyerName')} />
      <TextField id="inv-address" label={t(`${F}.buyerAddress`)} {...form.text('buyerAddress')} />
      <TextField id="inv-tax" label={t(`${F}.buyerTaxId`)} {...form.text('buyerTaxId')} />
      <TextField id="inv-email" type="email" label={t(`${F}.buyerEmail`)} {...form.text('buyerEmail')} />
      <SelectField id="inv-vat" label={t(`${F}.vat`)} {...form.select('vatRateBp')} options={['1000', '0'].map((r) => ({ value: r, label: t(`${F}.vatOptions.${r}`) }))} />
      {lines.map((l, i) => (
        <fieldset key={i} class="billing-line">
          <legend>{t(`${F}.line`, { n: i + 1 })}</legend>
          <TextField id={`inv-line-${i}-d`} name={`lines.${i}.description`} label={t(`${F}.description`)} required value={l.description}
            error={form.errors[`lines.${i}.description`]} onInput={(e) => setLine(i, 'description', e.currentTarget.value)} />
          <TextField id={`inv-line-${i}-q`} name={`lines.${i}.quantity`} label={t(`${F}.quantity`)} inputMode="numeric" required value={l.quantity}
            error={form.errors[`lines.${i}.quantity`]} onInput={(e) => setLine(i, 'quantity', e.currentTarget.value)} />
          <TextField id={`inv-line-${i}-p`} name={`lines.${i}.unitPrice`} label={t(`${F}.unitPrice`)} inputMode="numeric" required value={l.unitPrice}
            error={form.errors[`lines.${i}.unitPrice`]} onInput={(e) => setLine(i, 'unitPrice', e.currentTarget.value)} />
          {lines.length > 1 && (
            <button type="button" class="secondary outline" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
              {t(`${F}.removeLine`, { n: i + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      <p>
        <button type="button" class="secondary outline" onClick={() => setLines((ls) => [...ls, { description: '', quantity: '1', unitPrice: '' }])}>
          {t(`${F}.addLine`)}
        </button>
      </p>
      <TextField id="inv-note" label={t(`${F}.note`)} {...form.text('note')} />
      <DateField id="inv-due" label={t(`${F}.dueDate`)} {...form.text('dueDate')} />
      <SubmitButton busy={form.busy}>{t(`${F}.save`)}</SubmitButton>
      <p>
        <Link href="/dashboard/invoice">{t('storeBilling.ui.back')}</Link>
      </p>
    </form>
  );
}

export function InvoiceNew() {
  return <DashboardShell page="invoiceNew">{() => <EditForm id="" />}</DashboardShell>;
}

export function InvoiceEdit() {
  const [, params] = useRoute<{ id: string }>('/dashboard/invoice/:id/edit');
  return <DashboardShell page="invoices">{() => <EditForm key={params?.id} id={params?.id ?? ''} />}</DashboardShell>;
}
