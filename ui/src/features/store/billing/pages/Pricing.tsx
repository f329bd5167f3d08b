// /pricing and /payment: the plans are data (GET /api/billing/plans). The prerendered page shows
// the plans a fresh installation seeds (seedPlans.json, checked against the API by a Go test),
// then the live ones; /payment subscribes an organisation (its owner) and says how to pay.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type ApiError, get, post } from '../../../../lib/api';
import type { Body, Resp, Schema } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { loginUrl, onApiError, useSession } from '../../../../lib/session';
import { CheckboxField, SelectField } from '../../../../ui/fields/TextField';
import { GetApp, PageIntro, Section } from '../../../site/components/parts';
import { formatMoney } from '../../../../lib/money';
import seed from '../seedPlans.json';
import { PayNext } from '../../components/PayNext';
import { ToSubscription } from '../components/ToSubscription';
import { Limits, planName } from '../components/plan';
import { adoptStyles } from '../../../../lib/styles';
import css from '../billing.css?inline';

adoptStyles(css);

type Plan = Schema<'BillingPlanView'>;
const P = 'pages.pricing';
const B = 'storeBilling.pricing';

/** The plans: the seeded ones until the live ones arrive. */
function usePlans(): Plan[] {
  const [plans, setPlans] = useState<Plan[]>(seed.plans as Plan[]);
  useEffect(() => {
    get<Resp<'listBillingPlans'>>('/billing/plans').then(
      (r) => setPlans(r.plans ?? []),
      () => undefined, // the seeded plans stay
    );
  }, []);
  return plans;
}

const priceOf = (p: Plan, currency: string) => p.prices.find((m) => m.currency === currency)?.amount ?? 0;


export function Pricing() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const plans = usePlans();
  return (
    <>
      <PageIntro title={t(`${P}.title`)} lead={t(`${P}.lead`)} />
      <div class="plans">
        {plans.map((plan) => (
          <article key={plan.id} class="card plan" aria-labelledby={`plan-${plan.code}`}>
            <h2 id={`plan-${plan.code}`}>{planName(plan, lang)}</h2>
            <p class="card__meta">{lang === 'mn' ? plan.summaryMn : plan.summaryEn}</p>
            <p class="plan__price">
              {plan.free ? (
                <strong>{t(`${B}.free`)}</strong>
              ) : (
                <>
                  <strong>{formatMoney(lang, priceOf(plan, 'MNT'), 'MNT')}</strong> <span>{t(`${B}.perMonth`)}</span>
                  <br />
                  <small class="muted">{t(`${B}.orUsd`, { price: formatMoney(lang, priceOf(plan, 'USD'), 'USD') })}</small>
                </>
              )}
            </p>
            <Limits plan={plan} />
            {plan.free ? (
              <GetApp class="button-link button-link--outline" label={t(`${B}.freeCta`)} />
            ) : (
              <Link href={`/payment?plan=${plan.id}`} class="button-link">
                {t(`${B}.choose`)}
              </Link>
            )}
          </article>
        ))}
      </div>
      <p class="muted">{t(`${B}.vat`)}</p>
      <Section id="billing" title={t(`${P}.billing.title`)}>
        <ul>
          <li>{t(`${P}.billing.monthlyCard`)}</li>
          <li>{t(`${P}.billing.priceChanges`)}</li>
          <li>{t(`${P}.billing.noRefunds`)}</li>
          <li>{t(`${P}.billing.cancel`)}</li>
        </ul>
        <p>
          <Link href="/terms-and-conditions">{t(`${P}.termsLink`)}</Link>
        </p>
      </Section>
    </>
  );
}

const Y = 'storeBilling.pay';

function SubscribeForm({ plans, initialPlan }: { plans: Plan[]; initialPlan: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [account, setAccount] = useState<Resp<'getBillingAccount'> | null>(null);
  const [done, setDone] = useState<Resp<'subscribeBilling'> | null>(null);
  const form = useForm({ planId: initialPlan, currency: 'MNT', provider: 'bank', acceptTerms: false });
  const { attach } = form;
  useEffect(() => {
    get<Resp<'getBillingAccount'>>('/billing/subscription').then(setAccount, (err: ApiError) => {
      onApiError(err);
      form.setMessage(err.message);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  const paid = plans.filter((p) => !p.free);
  const chosen = paid.find((p) => String(p.id) === form.values.planId);
  const onSubmit = form.submit(async () => {
    const body: Body<'subscribeBilling'> = {
      planId: Number(form.values.planId) || 0,
      currency: form.values.currency as 'MNT' | 'USD',
      provider: form.values.provider,
      acceptTerms: form.values.acceptTerms,
      termsVersion: account?.termsVersion ?? '',
      returnUrl: `/${lang}/dashboard/subscription`,
    };
    try {
      setDone(await post<Resp<'subscribeBilling'>>('/billing/subscribe', body));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  if (done) {
    return (
      <PayNext next={done.payment.next} words="storeBilling.pay">
        <ToSubscription />
      </PayNext>
    );
  }
  if (account?.status === 'active' || account?.status === 'past_due') {
    // Already subscribed: changing plan or cancelling is on the subscription page.
    return (
      <p>
        {t(`${Y}.already`, { plan: planName(account.plan, lang) })} <Link href="/dashboard/subscription">{t(`${Y}.toSubscription`)}</Link>
      </p>
    );
  }
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="billing-form">
      <FormMessage message={form.message} />
      <SelectField
        id="pay-plan"
        label={t(`${Y}.plan`)}
        required
        placeholder={t(`${Y}.choosePlan`)}
        {...form.select('planId')}
        error={form.errors.planId}
        options={paid.map((p) => ({ value: String(p.id), label: planName(p, lang) }))}
      />
      <SelectField
        id="pay-currency"
        label={t(`${Y}.currency`)}
        {...form.select('currency')}
        options={['MNT', 'USD'].map((c) => ({ value: c, label: c }))}
      />
      <SelectField
        id="pay-provider"
        label={t(`${Y}.provider`)}
        {...form.select('provider')}
        options={(account?.providers ?? ['bank']).map((p) => ({ value: p, label: t(`${Y}.providers.${p}`) }))}
      />
      {form.values.provider === 'stripe' && <p id="pay-card-note">{t(`${Y}.cardSaved`)}</p>}
      {chosen && <p>{t(`${Y}.total`, { price: formatMoney(lang, priceOf(chosen, form.values.currency), form.values.currency) })}</p>}
      <CheckboxField id="pay-terms" name="acceptTerms" required checked={form.values.acceptTerms} onChange={(v) => form.set('acceptTerms', v)} error={form.errors.acceptTerms}>
        {t(`${Y}.terms`)}
      </CheckboxField>
      <p>
        <Link href="/terms-and-conditions">{t(`${Y}.termsLink`)}</Link>
      </p>
      <SubmitButton busy={form.busy}>{t(`${Y}.submit`)}</SubmitButton>
    </form>
  );
}

export function Payment() {
  const { t } = useTranslation();
  const state = useSession();
  const plans = usePlans();
  // The form shows only once signed in (never in the prerendered page): the query is there.
  const initialPlan = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('plan') ?? '');
  const here = typeof window === 'undefined' ? '/en/payment' : window.location.pathname + window.location.search;
  let body;
  if (state.status === 'signedIn' && state.user.organization?.role === 'owner') {
    body = <SubscribeForm plans={plans} initialPlan={initialPlan} />;
  } else if (state.status === 'signedIn') {
    body = (
      <p>
        {t(`${Y}.ownerOnly`)} <Link href="/dashboard/subscription">{t(`${Y}.toSubscription`)}</Link>
      </p>
    );
  } else {
    body = (
      <p>
        {t(`${Y}.signIn`)} <a href={loginUrl(here)}>{t(`${Y}.signInLink`)}</a>
      </p>
    );
  }
  return (
    <>
      <PageIntro title={t('pages.payment.title')} lead={t('pages.payment.lead')} />
      <Section id="subscribe" title={t(`${Y}.heading`)}>
        {body}
      </Section>
    </>
  );
}
