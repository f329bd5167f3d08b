// /dashboard/subscription: the organisation's plan for its owner — the account page where a
// subscription is paid, changed and cancelled (cancelling is only here), with its invoices.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type ApiError, del, post } from '../../../../lib/api';
import type { Resp, Schema } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { useResource } from '../../../../lib/resource';
import { onApiError } from '../../../../lib/session';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { SelectField } from '../../../../ui/fields/TextField';
import { InvoiceTable } from '../components/InvoiceTable';
import { PayNext } from '../../components/PayNext';
import { ToSubscription } from '../components/ToSubscription';
import { formatMoney } from '../../../../lib/money';
import { formatDay } from '../../../../lib/ubtime';
import { cardLabel } from '../money';
import { Limits, planName } from '../components/plan';
import { adoptStyles } from '../../../../lib/styles';
import css from '../billing.css?inline';

adoptStyles(css);

type Account = Resp<'getBillingAccount'>;
const U = 'storeBilling.ui';

function ChangePlan({ account, onDone }: { account: Account; onDone: (a: Account, step?: Schema<'BillingPaymentStep'>) => void }) {
  const { t, i18n } = useTranslation();
  const { data } = useResource<Resp<'listBillingPlans'>>('/billing/plans');
  const form = useForm({ planId: '' });
  const { attach } = form;
  const onSubmit = form.submit(async () => {
    try {
      const r = await post<Resp<'changeBillingPlan'>>('/billing/subscription/change', { planId: Number(form.values.planId) || 0 });
      form.setMessage('');
      onDone(r.account, r.payment);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  const plans = (data?.plans ?? []).filter((p) => !p.free && p.id !== account.plan.id);
  return (
    <section aria-labelledby="billing-change-h">
      <h2 id="billing-change-h">{t(`${U}.changeHeading`)}</h2>
      <p>{t(`${U}.changeText`)}</p>
      <form ref={attach} noValidate onSubmit={onSubmit} class="billing-form">
        <FormMessage message={form.message} />
        <SelectField
          id="billing-change-plan"
          label={t('storeBilling.pay.plan')}
          placeholder={t('storeBilling.pay.choosePlan')}
          required
          {...form.select('planId')}
          options={plans.map((p) => ({ value: String(p.id), label: planName(p, i18n.language) }))}
        />
        <SubmitButton busy={form.busy}>{t(`${U}.change`)}</SubmitButton>
      </form>
    </section>
  );
}

function Cancel({ account, onDone }: { account: Account; onDone: (a: Account) => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const cancel = () =>
    post<Account>('/billing/subscription/cancel', {}).then(onDone, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  if (account.cancelAtPeriodEnd) return null;
  return (
    <section aria-labelledby="billing-cancel-h">
      <h2 id="billing-cancel-h">{t(`${U}.cancelHeading`)}</h2>
      <p>{t(`${U}.cancelText`)}</p>
      <FormMessage message={error} />
      {confirming ? (
        <button type="button" class="secondary" onClick={cancel}>
          {t(`${U}.cancelConfirm`)}
        </button>
      ) : (
        <button type="button" class="secondary outline" onClick={() => setConfirming(true)}>
          {t(`${U}.cancel`)}
        </button>
      )}
    </section>
  );
}

function SavedCard({ account, onDone }: { account: Account; onDone: (a: Account) => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const card = account.card;
  if (!card) return null;
  const remove = () =>
    del<Account>('/billing/card').then(onDone, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  return (
    <section aria-labelledby="billing-card-h">
      <h2 id="billing-card-h">{t(`${U}.cardHeading`)}</h2>
      <p>{t(`${U}.cardLine`, { card: cardLabel(card), date: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` })}</p>
      {!card.autoRenew && <p>{t(`${U}.cardIdle`, { card: cardLabel(card) })}</p>}
      <p>{t(`${U}.removeText`)}</p>
      <FormMessage message={error} />
      {confirming ? (
        <button type="button" class="secondary" onClick={remove}>
          {t(`${U}.removeConfirm`)}
        </button>
      ) : (
        <button type="button" class="secondary outline" onClick={() => setConfirming(true)}>
          {t(`${U}.removeCard`)}
        </button>
      )}
    </section>
  );
}

function AccountView() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, reload } = useResource<Account>('/billing/subscription');
  const [shown, setShown] = useState<Account | null>(null);
  const [step, setStep] = useState<Schema<'BillingPaymentStep'> | null>(null);
  const [note, setNote] = useState('');
  const a = shown ?? data;
  if (error) return <FormMessage message={error} />;
  if (!a) return <p aria-busy="true" />;
  const pay = (id: number) =>
    post<Schema<'BillingPaymentStep'>>(`/billing/invoices/${id}/pay`, { returnUrl: `/${lang}/dashboard/subscription` }).then(setStep, (err: ApiError) => {
      onApiError(err);
      setNote(err.message);
    });
  const live = a.status === 'active' || a.status === 'past_due';
  return (
    <div class="billing-account">
      <FormMessage message={note} variant="success" />
      <section aria-labelledby="billing-plan-h">
        <h2 id="billing-plan-h">{t(`${U}.currentPlan`, { plan: planName(a.plan, lang) })}</h2>
        <p>
          <strong>{t(`${U}.statusLabel`, { status: t(`${U}.status.${a.status}`) })}</strong>
        </p>
        {live && a.periodEnd && (
          <p>
            {a.cancelAtPeriodEnd
              ? t(`${U}.ends`, { date: formatDay(lang, a.periodEnd) })
              : t(`${U}.renews`, { date: formatDay(lang, a.periodEnd), price: formatMoney(lang, a.price, a.currency) })}
          </p>
        )}
        {live && !a.cancelAtPeriodEnd && a.card?.autoRenew && <p>{t(`${U}.autoRenew`, { card: cardLabel(a.card) })}</p>}
        {a.nextPlan && <p>{t(`${U}.nextPlan`, { plan: planName(a.nextPlan, lang) })}</p>}
        {a.pendingPlan && <p>{t('storeBilling.pay.pending', { plan: planName(a.pendingPlan, lang) })}</p>}
        <h3>{t(`${U}.limits`)}</h3>
        <Limits plan={a.plan} />
        {!live && (
          <p>
            <Link href="/pricing" class="button-link">
              {t(`${U}.seePlans`)}
            </Link>
          </p>
        )}
      </section>
      {step && (
        <PayNext next={step.next} words="storeBilling.pay">
          <ToSubscription />
        </PayNext>
      )}
      <SavedCard
        account={a}
        onDone={(next) => {
          setShown(next);
          setNote(t(`${U}.cardRemoved`));
        }}
      />
      {(a.unpaid ?? []).length > 0 && (
        <section aria-labelledby="billing-unpaid-h">
          <h2 id="billing-unpaid-h">{t(`${U}.unpaid`)}</h2>
          <ul class="billing-unpaid">
            {(a.unpaid ?? []).map((v) => (
              <li key={v.id}>
                <Link href={`/dashboard/invoice/${v.id}`}>{v.number}</Link> {formatMoney(lang, v.total, v.currency)}{' '}
                <button type="button" class="outline" onClick={() => pay(v.id)}>
                  {t(`${U}.pay`)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {a.status === 'active' && (
        <ChangePlan
          account={a}
          onDone={(next, s) => {
            setShown(next);
            setStep(s ?? null);
            setNote(t(`${U}.changed`));
          }}
        />
      )}
      {live && (
        <Cancel
          account={a}
          onDone={(next) => {
            setShown(next);
            setNote(t(`${U}.cancelled`, { date: formatDay(lang, next.periodEnd ?? '') }));
            reload();
          }}
        />
      )}
      <section aria-labelledby="billing-invoices-h">
        <h2 id="billing-invoices-h">{t(`${U}.invoices`)}</h2>
        {(a.invoices ?? []).length ? (
          <InvoiceTable id="billing-invoices" caption={t(`${U}.invoices`)} rows={a.invoices ?? []} />
        ) : (
          <p>{t(`${U}.noInvoices`)}</p>
        )}
      </section>
      {(a.notices ?? []).length > 0 && (
        <section aria-labelledby="billing-notices-h">
          <h2 id="billing-notices-h">{t(`${U}.notices`)}</h2>
          <ul>
            {(a.notices ?? []).map((n) => (
              <li key={n.sentAt + n.currency}>
                {t(`${U}.notice`, {
                  old: formatMoney(lang, n.oldPrice, n.currency),
                  new: formatMoney(lang, n.newPrice, n.currency),
                  date: formatDay(lang, n.effectiveFrom),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function Subscription() {
  return <DashboardShell page="subscription">{() => <AccountView />}</DashboardShell>;
}
