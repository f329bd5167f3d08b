// /dashboard/plans: platform admins edit the plans in both languages — limits, monthly prices
// (MNT, USD), active or retired. A new price is emailed to every subscriber (the server's rule).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, post, put } from '../../../../lib/api';
import type { Body, Resp, Schema } from '../../../../lib/apitypes';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { useResource } from '../../../../lib/resource';
import { CheckboxField, TextField } from '../../../../ui/fields/TextField';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { Table } from '../../../../ui/Table';
import { formatMoney } from '../../../../lib/money';
import { planName } from '../components/plan';
import { adoptStyles } from '../../../../lib/styles';
import css from '../billing.css?inline';

adoptStyles(css);

type Plan = Schema<'BillingPlanView'>;
const L = 'storeBilling.ui.plans';

const valuesOf = (p?: Plan) => ({
  code: p?.code ?? '',
  nameEn: p?.nameEn ?? '',
  nameMn: p?.nameMn ?? '',
  summaryEn: p?.summaryEn ?? '',
  summaryMn: p?.summaryMn ?? '',
  postings: String(p?.limits.postings ?? 0),
  staff: String(p?.limits.staff ?? 0),
  communities: String(p?.limits.communities ?? 0),
  priceMnt: String(p?.prices.find((m) => m.currency === 'MNT')?.amount ?? 0),
  priceUsd: String(p?.prices.find((m) => m.currency === 'USD')?.amount ?? 0),
  sort: String(p?.sort ?? 0),
  active: p?.active ?? true,
});

function PlanForm({ plan, onSaved }: { plan?: Plan; onSaved: (note: string) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm(valuesOf(plan));
  const { attach } = form;
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const n = (s: string) => (/^-?\d+$/.test(s.trim()) ? Number(s) : NaN);
    const body: Body<'createBillingPlan'> = {
      code: v.code,
      nameEn: v.nameEn,
      nameMn: v.nameMn,
      summaryEn: v.summaryEn,
      summaryMn: v.summaryMn,
      limits: { postings: n(v.postings), staff: n(v.staff), communities: n(v.communities) },
      priceMnt: n(v.priceMnt),
      priceUsd: n(v.priceUsd),
      active: v.active,
      sort: n(v.sort),
    };
    try {
      if (plan) {
        const r = await put<Resp<'updateBillingPlan'>>(`/billing/plans/${plan.id}`, body);
        onSaved(r.notified ? t(`${L}.notified`, { count: r.notified }) : t(`${L}.saved`));
      } else {
        await post<Plan>('/billing/plans', body);
        onSaved(t(`${L}.saved`));
      }
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  const id = (f: string) => `plan-${plan?.id ?? 'new'}-${f}`;
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="billing-form">
      <h2>{plan ? t(`${L}.edit`, { name: planName(plan, i18n.language) }) : t(`${L}.new`)}</h2>
      <FormMessage message={form.message} />
      <TextField id={id('code')} label={t(`${L}.code`)} required {...form.text('code')} />
      <TextField id={id('nameEn')} label={t(`${L}.nameEn`)} required {...form.text('nameEn')} />
      <TextField id={id('nameMn')} label={t(`${L}.nameMn`)} required {...form.text('nameMn')} />
      <TextField id={id('summaryEn')} label={t(`${L}.summaryEn`)} {...form.text('summaryEn')} />
      <TextField id={id('summaryMn')} label={t(`${L}.summaryMn`)} {...form.text('summaryMn')} />
      <TextField id={id('postings')} label={t(`${L}.postings`)} inputMode="numeric" {...form.text('postings')} error={form.errors['limits.postings']} />
      <TextField id={id('staff')} label={t(`${L}.staff`)} inputMode="numeric" {...form.text('staff')} error={form.errors['limits.staff']} />
      <TextField id={id('communities')} label={t(`${L}.communities`)} inputMode="numeric" {...form.text('communities')} error={form.errors['limits.communities']} />
      <TextField id={id('priceMnt')} label={t(`${L}.priceMnt`)} hint={t(`${L}.priceNote`)} inputMode="numeric" {...form.text('priceMnt')} />
      <TextField id={id('priceUsd')} label={t(`${L}.priceUsd`)} inputMode="numeric" {...form.text('priceUsd')} />
      <TextField id={id('sort')} label={t(`${L}.sort`)} inputMode="numeric" {...form.text('sort')} />
      <CheckboxField id={id('active')} name="active" checked={form.values.active} onChange={(v) => form.set('active', v)} error={form.errors.active}>
        {t(`${L}.active`)}
      </CheckboxField>
      <SubmitButton busy={form.busy}>{t(`${L}.save`)}</SubmitButton>
    </form>
  );
}

function PlansAdmin() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, reload } = useResource<Resp<'listAllBillingPlans'>>('/billing/admin/plans');
  const [editing, setEditing] = useState<number>(0);
  const [note, setNote] = useState('');
  if (error) return <FormMessage message={error} />;
  if (!data) return <p aria-busy="true" />;
  const plans = data.plans ?? [];
  const current = plans.find((p) => p.id === editing);
  return (
    <>
      <FormMessage message={note} variant="success" />
      <Table
        id="plans"
        caption={t('dashboard.plans.title')}
        rows={plans}
        rowKey={(p) => String(p.id)}
        columns={[
          { key: 'name', header: t(`${L}.nameEn`), cell: (p) => planName(p, lang) },
          { key: 'mnt', header: t(`${L}.priceMnt`), cell: (p) => formatMoney(lang, p.prices[0]?.amount ?? 0, 'MNT'), numeric: true },
          { key: 'usd', header: t(`${L}.priceUsd`), cell: (p) => formatMoney(lang, p.prices[1]?.amount ?? 0, 'USD'), numeric: true },
          { key: 'active', header: t(`${L}.active`), cell: (p) => (p.active ? '✓' : t(`${L}.retired`)) },
          {
            key: 'edit',
            header: t('storeBilling.ui.edit'),
            cell: (p) => (
              <button type="button" class="outline" onClick={() => setEditing(p.id)} aria-label={t(`${L}.edit`, { name: planName(p, lang) })}>
                {t('storeBilling.ui.edit')}
              </button>
            ),
          },
        ]}
      />
      <p>
        <button type="button" class="secondary outline" onClick={() => setEditing(-1)}>
          {t(`${L}.new`)}
        </button>
      </p>
      {editing !== 0 && (
        <PlanForm
          key={editing}
          plan={current}
          onSaved={(msg) => {
            setNote(msg);
            setEditing(0);
            reload();
          }}
        />
      )}
    </>
  );
}

export function Plans() {
  return <DashboardShell page="plans">{() => <PlansAdmin />}</DashboardShell>;
}
