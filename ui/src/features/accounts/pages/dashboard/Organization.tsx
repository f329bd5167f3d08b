import type { ComponentType } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { EmptyState } from '../../../../ui/EmptyState';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { type ApiError, get, post } from '../../../../lib/api';
import { onApiError, type User } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { checkEmail } from '../../validate';
import { formatDate } from '../../../../lib/formatTime';
import { fullName } from '../../../../lib/names';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import type { Body, Resp } from '../../../../lib/apitypes';

type Org = Resp<'getOrganization'>;

/** The organisation's public profile and verification (opportunities), loaded for those who manage it only. */
function OrgVerification() {
  const [View, setView] = useState<{ c: ComponentType } | null>(null);
  useEffect(() => {
    import('../../../opportunities/dashboard/components/OrgVerification').then((m) => setView({ c: m.OrgVerification }), () => undefined);
  }, []);
  return View ? <View.c /> : null;
}

function InviteForm({ onInvited }: { onInvited: (org: Org) => void }) {
  const { t } = useTranslation();
  const form = useForm({ email: '', role: 'counselor' });
  const { attach } = form;
  // Refused because the plan's staff seats are taken: the plans are one link away.
  const [full, setFull] = useState(false);
  const onSubmit = form.submit(async () => {
    setFull(false);
    const email = checkEmail(t, form.values.email);
    if (email) return form.fail({ email });
    try {
      onInvited(await post<Resp<'inviteMember'>>('/organization/invitations', form.values satisfies Body<'inviteMember'>));
      toast.success(t('dashboard.organization.invited', { email: form.values.email }));
      form.set('email', '');
    } catch (err) {
      setFull((err as ApiError).code === 'plan_limit');
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit}>
      <FormMessage message={form.message} />
      {full && (
        <p>
          <Link href="/pricing">{t('dashboard.organization.pricing')}</Link>
        </p>
      )}
      <div class="grid field-pair">
        <TextField id="invite-email" type="email" label={t('dashboard.organization.email')} autoComplete="off" required {...form.text('email')} />
        <SelectField
          id="invite-role"
          name="role"
          label={t('dashboard.organization.role')}
          value={form.values.role}
          onChange={(e) => form.set('role', e.currentTarget.value)}
          error={form.errors.role}
          options={[
            { value: 'counselor', label: t('roles.counselor') },
            { value: 'manager', label: t('roles.manager') },
          ]}
        />
      </div>
      <SubmitButton busy={form.busy}>{t('dashboard.organization.invite')}</SubmitButton>
    </form>
  );
}

function OrganizationPage({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const [org, setOrg] = useState<Org | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    get<Org>('/organization').then(setOrg, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, []);

  if (error) return <Alert variant="error">{error}</Alert>;
  if (!org) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  return (
    <>
      <p class="lead">{org.name}</p>
      {org.seats.max >= 0 && (
        <p id="org-seats" class="muted">
          {t('dashboard.organization.seats', { used: org.seats.used, count: org.seats.max, plan: org.seats.plan })}
        </p>
      )}
      <Section id="org-members" title={t('dashboard.organization.members')}>
        <Table
          id="org-members-table"
          caption={t('dashboard.organization.membersCaption', { organization: org.name })}
          rows={org.members ?? []}
          rowKey={(m) => String(m.userId)}
          columns={[
            { key: 'name', header: t('dashboard.organization.name'), cell: (m) => fullName(i18n.language, m.firstName, m.lastName) },
            { key: 'email', header: t('dashboard.organization.email'), cell: (m) => m.email },
            { key: 'role', header: t('dashboard.organization.role'), cell: (m) => t(`roles.${m.role}`) },
          ]}
        />
      </Section>
      <Section id="org-invitations" title={t('dashboard.organization.invitations')}>
        {!org.invitations?.length ? (
          <EmptyState title={t('dashboard.organization.noInvitations')}>{t('dashboard.organization.noInvitationsText')}</EmptyState>
        ) : (
          <Table
            id="org-invitations-table"
            caption={t('dashboard.organization.invitationsCaption')}
            rows={org.invitations}
            rowKey={(i) => String(i.id)}
            columns={[
              { key: 'email', header: t('dashboard.organization.email'), cell: (i) => i.email },
              { key: 'role', header: t('dashboard.organization.role'), cell: (i) => t(`roles.${i.role}`) },
              { key: 'expires', header: t('dashboard.organization.expires'), cell: (i) => formatDate(t, i.expiresAt) },
            ]}
          />
        )}
      </Section>
      {(user.organization?.role === 'owner' || user.organization?.role === 'manager') && (
        <OrgVerification />
      )}
      {user.organization?.role === 'owner' && (
        <Section id="org-invite" title={t('dashboard.organization.inviteTitle')}>
          <p class="muted">{t('dashboard.organization.inviteText')}</p>
          <InviteForm onInvited={setOrg} />
        </Section>
      )}
    </>
  );
}

export function DashboardOrganization() {
  return <DashboardShell page="organization">{(user) => <OrganizationPage user={user} />}</DashboardShell>;
}
