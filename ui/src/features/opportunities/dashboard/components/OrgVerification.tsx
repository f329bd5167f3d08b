// The organisation's public profile and its verification (on /dashboard/organization, for the
// owner and managers): descriptions in both languages, website, place, registration number and
// contact; the status (with the admins' reason when sent back or suspended) and "Ask for
// verification" (PUT /api/org/profile with verify=true).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../ui/Alert';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { type ApiError } from '../../../../lib/api';
import { FormMessage, useForm } from '../../../../lib/form';
import { formatDateTime } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Section } from '../../../../ui/DashboardShell';
import { getOrg, saveOrg } from '../api';
import type { OrgView } from '../types';
import { countryOptions, D, StatusBadge, TextArea, useSections } from './parts';

const O = `${D}.org`;

const fieldsOf = (o: OrgView) => ({
  descriptionEn: o.descriptionEn,
  descriptionMn: o.descriptionMn,
  website: o.website,
  country: o.country,
  city: o.city,
  registrationNumber: o.registrationNumber,
  contactName: o.contactName,
  contactEmail: o.contactEmail,
  contactPhone: o.contactPhone,
});

function ProfileForm({ org, onSaved }: { org: OrgView; onSaved: (o: OrgView) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm(fieldsOf(org));
  const { attach } = form;
  const [verify, setVerify] = useState(false);
  const onSubmit = form.submit(async () => {
    try {
      const o = await saveOrg({ ...form.values, verify });
      onSaved(o);
      toast.success(t(verify ? `${O}.asked` : `${O}.saved`));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  const canAsk = org.status !== 'pending' && org.status !== 'verified' && org.status !== 'suspended';
  return (
    <form ref={attach} noValidate onSubmit={onSubmit}>
      <FormMessage message={form.message} />
      <div class="grid opp-pair">
        <TextArea id="org-descriptionEn" name="descriptionEn" label={t(`${O}.descriptionEn`)} hint={t(`${D}.editor.markdown`)} value={form.values.descriptionEn} error={form.errors.descriptionEn} onValue={(v) => form.set('descriptionEn', v)} />
        <TextArea id="org-descriptionMn" name="descriptionMn" label={t(`${O}.descriptionMn`)} hint={t(`${D}.editor.markdown`)} value={form.values.descriptionMn} error={form.errors.descriptionMn} onValue={(v) => form.set('descriptionMn', v)} />
      </div>
      <div class="grid opp-pair">
        <TextField id="org-website" type="url" label={t(`${O}.website`)} hint={t(`${O}.websiteHint`)} {...form.text('website')} />
        <TextField id="org-registrationNumber" label={t(`${O}.registrationNumber`)} hint={t(`${O}.registrationHint`)} {...form.text('registrationNumber')} />
      </div>
      <div class="grid opp-pair">
        <SelectField
          id="org-country"
          name="country"
          label={t(`${O}.country`)}
          value={form.values.country}
          error={form.errors.country}
          onChange={(e) => form.set('country', e.currentTarget.value)}
          options={[{ value: '', label: t(`${D}.editor.choose`) }, ...countryOptions(i18n)]}
        />
        <TextField id="org-city" label={t(`${O}.city`)} {...form.text('city')} />
      </div>
      <TextField id="org-contactName" label={t(`${O}.contactName`)} autoComplete="name" {...form.text('contactName')} />
      <div class="grid opp-pair">
        <TextField id="org-contactEmail" type="email" label={t(`${O}.contactEmail`)} hint={t(`${O}.contactEmailHint`)} autoComplete="email" {...form.text('contactEmail')} />
        <TextField id="org-contactPhone" type="tel" label={t(`${O}.contactPhone`)} autoComplete="tel" {...form.text('contactPhone')} />
      </div>
      {org.status === 'verified' && <p class="muted">{t(`${O}.verifiedHint`)}</p>}
      <div class="button-row">
        <button type="submit" class={canAsk ? 'secondary' : undefined} aria-busy={form.busy && !verify ? 'true' : undefined} onClick={() => setVerify(false)}>
          {t(`${O}.save`)}
        </button>
        {canAsk && (
          <button type="submit" aria-busy={form.busy && verify ? 'true' : undefined} onClick={() => setVerify(true)}>
            {t(`${O}.ask`)}
          </button>
        )}
      </div>
    </form>
  );
}

export function OrgVerification() {
  const { t } = useTranslation();
  const ready = useSections(['opportunitiesDashboard', 'opportunities', 'data.countries']);
  const [org, setOrg] = useState<OrgView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    getOrg().then(setOrg, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, []);
  if (!ready) return <p aria-busy="true" />;
  return (
    <Section id="org-profile" title={t(`${O}.title`)}>
      {error && <Alert variant="error">{error}</Alert>}
      {!org && !error && <p aria-busy="true">{t('dashboard.loading')}</p>}
      {org && (
        <>
          <p>
            {t(`${O}.status`)} <StatusBadge list="orgStatuses" status={org.status} />
          </p>
          <p class="muted">{t(`${O}.statusText.${org.status}`, { date: formatDateTime(t, org.requestedAt ?? undefined) })}</p>
          {(org.status === 'returned' || org.status === 'suspended') && org.reason && <Alert variant="warning">{t(`${O}.reason`, { reason: org.reason })}</Alert>}
          <ProfileForm key={`${org.status}-${org.requestedAt}`} org={org} onSaved={setOrg} />
        </>
      )}
    </Section>
  );
}
