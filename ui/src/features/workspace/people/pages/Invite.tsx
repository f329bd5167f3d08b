import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { type ApiError, get, post } from '../../../../lib/api';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { onApiError } from '../../../../lib/session';
import { DashboardShell } from '../../../../ui/DashboardShell';
import type { Body, Resp } from '../../../../lib/apitypes';
import type { Options } from '../components/person';

/** Invite by email: an invitation with a link (the person sets their own password). */
function InviteForm() {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Options | null>(null);
  const [sent, setSent] = useState('');
  // Refused because the organisation's plan has no staff seat left: the plans are one link away.
  const [full, setFull] = useState(false);
  const form = useForm({ email: '', role: 'counselor', organizationId: '' });
  const { attach } = form;
  useEffect(() => {
    get<Options>('/people/options').then(setOptions, (err: ApiError) => {
      onApiError(err);
      form.setMessage(err.message);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  const onSubmit = form.submit(async () => {
    setSent('');
    setFull(false);
    const body: Body<'invitePerson'> = { email: form.values.email, role: form.values.role as 'manager' | 'counselor' };
    if (form.values.organizationId) body.organizationId = Number(form.values.organizationId);
    try {
      const inv = await post<Resp<'invitePerson'>>('/people/invitations', body);
      setSent(t('people.ui.sent', { email: inv.email }));
      form.set('email', '');
    } catch (err) {
      setFull((err as ApiError).code === 'plan_limit');
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="people-form">
      <p>{t('people.ui.inviteText')}</p>
      <FormMessage message={form.message} />
      {full && (
        <p>
          <Link href="/pricing">{t('people.ui.pricing')}</Link>
        </p>
      )}
      <FormMessage message={sent} variant="success" />
      <TextField id="invite-email" type="email" label={t('people.ui.inviteEmail')} autoComplete="off" required {...form.text('email')} />
      <SelectField
        id="invite-role"
        label={t('people.ui.inviteRole')}
        {...form.select('role')}
        options={(options?.inviteRoles ?? ['counselor', 'manager']).map((r) => ({ value: r, label: t(`people.ui.roles.${r}`) }))}
      />
      {options?.all ? (
        <SelectField
          id="invite-organization"
          label={t('people.ui.inviteOrganization')}
          {...form.select('organizationId')}
          placeholder={t('people.ui.chooseOrganization')}
          options={options.organizations.map((o) => ({ value: String(o.id), label: o.name }))}
        />
      ) : (
        options?.organizations[0] && (
          <p>
            {t('people.ui.inviteOrganization')}: <strong>{options.organizations[0].name}</strong>
          </p>
        )
      )}
      <SubmitButton busy={form.busy}>{t('people.ui.send')}</SubmitButton>
      <p>
        <Link href="/dashboard/user/list">{t('people.ui.back')}</Link>
      </p>
    </form>
  );
}

export function PeopleInvite() {
  return <DashboardShell page="people" titleKey="people.ui.new.title">{() => <InviteForm />}</DashboardShell>;
}
