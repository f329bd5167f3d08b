// /dashboard/invoice (the list: admins every invoice, owners their organisation's) and
// /dashboard/invoice/{id} (the invoice as HTML, its PDF; admins issue, void and credit).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { type ApiError, post } from '../../../../lib/api';
import type { Resp } from '../../../../lib/apitypes';
import { FormMessage } from '../../../../lib/form';
import { KeysetPager, useKeysetPages, useResource } from '../../../../lib/resource';
import { onApiError } from '../../../../lib/session';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { InvoiceTable } from '../components/InvoiceTable';
import { RefundAction } from '../../components/RefundAction';
import { formatMoney } from '../../../../lib/money';
import { formatDay } from '../../../../lib/ubtime';
import { adoptStyles } from '../../../../lib/styles';
import css from '../billing.css?inline';

adoptStyles(css);

type Invoice = Resp<'getBillingInvoice'>;
const U = 'storeBilling.ui';
const I = 'storeBilling.invoice';

function List({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const { data, error, page, older, newer } = useKeysetPages<Resp<'listBillingInvoices'>>('/billing/invoices');
  return (
    <>
      {admin && (
        <p>
          <Link href="/dashboard/invoice/new" class="button-link">
            {t(`${U}.newInvoice`)}
          </Link>{' '}
          <Link href="/dashboard/invoice/settings">{t('dashboard.invoiceSettings.title')}</Link>
        </p>
      )}
      <FormMessage message={error} />
      {data && ((data.invoices ?? []).length ? <InvoiceTable id="invoices" caption={t('dashboard.invoices.title')} rows={data.invoices ?? []} /> : <p>{t(`${U}.noInvoices`)}</p>)}
      {data && <KeysetPager page={page} next={data.next} onNewer={newer} onOlder={() => older(data.next)} />}
    </>
  );
}

export function Invoices() {
  return <DashboardShell page="invoices">{(u) => <List admin={u.permissions.includes('billing.invoices.manage')} />}</DashboardShell>;
}

/** The invoice as a document, in the page's language (the PDF is in the invoice's). */
export function InvoiceDocument({ v }: { v: Invoice }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (n: number) => formatMoney(lang, n, v.currency);
  const party = (head: string, p: Invoice['seller']) => (
    <div>
      <p class="muted">{head}</p>
      <p>
        <strong>{p.name}</strong>
        {p.address && <><br />{p.address}</>}
        {p.taxId && <><br />{t(`${I}.taxId`, { id: p.taxId })}</>}
        {p.vatPayer !== undefined && <><br />{t(p.vatPayer ? `${I}.vatPayer` : `${I}.notVatPayer`)}</>}
        {p.email && <><br />{p.email}</>}
        {p.phone && <><br />{t(`${I}.phone`, { phone: p.phone })}</>}
        {p.bankAccount && <><br />{t(`${I}.bank`, { bank: p.bankName, account: p.bankAccount })}</>}
      </p>
    </div>
  );
  return (
    <article class="invoice-doc">
      <header>
        <h2>{t(v.kind === 'credit' ? `${I}.creditTitle` : `${I}.title`)}</h2>
        <p>
          {t(`${I}.number`, { number: v.number || t(`${I}.draft`) })}
          {v.issuedAt && <><br />{t(`${I}.issued`, { date: formatDay(lang, v.issuedAt) })}</>}
          {v.dueAt && <><br />{t(`${I}.due`, { date: formatDay(lang, v.dueAt) })}</>}
          {v.periodStart && v.periodEnd && <><br />{t(`${I}.period`, { from: formatDay(lang, v.periodStart), to: formatDay(lang, v.periodEnd) })}</>}
          <br />
          <strong>{t(`${I}.status.${v.status}`)}</strong>
          {v.refunded ? (
            <>
              <br />
              <strong data-refunded={v.id}>
                {t(`${I}.refunded`, { date: formatDay(v.refunded.at, lang), amount: money(v.refunded.amount), reference: v.refunded.reference })}
              </strong>
            </>
          ) : (
            v.refundOwed && (
              <>
                <br />
                {t(`${I}.refundOwed`)}
              </>
            )
          )}
          {!v.refunded && !!v.refundedAmount && (
            <>
              <br />
              <span data-partly-refunded={v.id}>{t(`${I}.partlyRefunded`, { refunded: money(v.refundedAmount), total: money(v.total) })}</span>
            </>
          )}
        </p>
      </header>
      <div class="invoice-parties">
        {party(t(`${I}.seller`), v.seller)}
        {party(t(`${I}.buyer`), v.buyer)}
      </div>
      <div class="table-scroll">
        <table class="striped">
          <thead>
            <tr>
              <th scope="col">{t(`${I}.description`)}</th>
              <th scope="col">{t(`${I}.quantity`)}</th>
              <th scope="col">{t(`${I}.unitPrice`)}</th>
              <th scope="col">{t(`${I}.amount`)}</th>
            </tr>
          </thead>
          <tbody>
            {(v.lines ?? []).map((l, i) => (
              <tr key={i}>
                <td>{l.description}</td>
                <td>{l.quantity}</td>
                <td>{money(l.unitPrice)}</td>
                <td>{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl class="invoice-sums">
        <dt>{t(`${I}.net`)}</dt>
        <dd>{money(v.net)}</dd>
        <dt>{t(`${I}.vat`, { rate: v.vatRate })}</dt>
        <dd>{money(v.vat)}</dd>
        <dt>{t(`${I}.total`)}</dt>
        <dd>
          <strong>{money(v.total)}</strong>
        </dd>
      </dl>
      {v.note && <p>{v.note}</p>}
      <p class="muted">
        {t(`${I}.vatIncluded`)} {t(`${I}.noRefunds`)}
      </p>
    </article>
  );
}

function View({ id, admin, canRefund }: { id: string; admin: boolean; canRefund: boolean }) {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<Invoice>(`/billing/invoices/${id}`);
  const [fail, setFail] = useState('');
  const [credit, setCredit] = useState<Invoice | null>(null);
  if (error) return <FormMessage message={error} />;
  if (!data) return <p aria-busy="true" />;
  const act = (what: 'issue' | 'void' | 'credit') =>
    post<Invoice>(`/billing/invoices/${id}/${what}`, {}).then(
      (v) => {
        setFail('');
        if (what === 'credit') setCredit(v);
        reload();
      },
      (err: ApiError) => {
        onApiError(err);
        setFail(err.message);
      },
    );
  const v = data;
  return (
    <>
      <FormMessage message={fail} />
      <div class="button-row">
        {v.status !== 'draft' && (
          <a href={`/api/billing/invoices/${v.id}/pdf`} class="button-link button-link--outline" download>
            {t(`${U}.pdf`)}
          </a>
        )}
        <button type="button" class="secondary outline" onClick={() => window.print()}>
          {t(`${U}.print`)}
        </button>
        {admin && v.status === 'draft' && (
          <>
            <Link href={`/dashboard/invoice/${v.id}/edit`} class="button-link button-link--outline">
              {t(`${U}.edit`)}
            </Link>
            <button type="button" onClick={() => act('issue')}>
              {t(`${U}.issue`)}
            </button>
          </>
        )}
        {admin && v.status === 'issued' && v.kind === 'invoice' && (
          <button type="button" class="secondary outline" onClick={() => act('void')}>
            {t(`${U}.void`)}
          </button>
        )}
        {admin && (v.status === 'issued' || v.status === 'paid') && v.kind === 'invoice' && (
          <button type="button" class="secondary outline" onClick={() => act('credit')}>
            {t(`${U}.credit`)}
          </button>
        )}
        {canRefund && v.refundOwed && !v.refunded && !!v.paymentId && <RefundAction paymentId={v.paymentId} label={t(`${I}.refundButton`)} onDone={() => void reload()} />}
      </div>
      {credit && (
        <p role="status">
          <Link href={`/dashboard/invoice/${credit.id}`}>{t(`${U}.creditMade`, { number: credit.number })}</Link>
        </p>
      )}
      <InvoiceDocument v={v} />
      <p>
        <Link href="/dashboard/invoice">{t(`${U}.back`)}</Link>
      </p>
    </>
  );
}

export function Invoice() {
  const [, params] = useRoute<{ id: string }>('/dashboard/invoice/:id');
  return (
    <DashboardShell page="invoices">{(u) => <View key={params?.id} id={params?.id ?? ''} admin={u.permissions.includes('billing.invoices.manage')} canRefund={u.permissions.includes('banking.refund')} />}</DashboardShell>
  );
}
