import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { CheckboxField, SelectField, TextField } from '../../../../ui/fields/TextField';
import { type ApiError, get, patch, post, put } from '../../../../lib/api';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { onApiError } from '../../../../lib/session';
import { formatDate } from '../../../../lib/formatTime';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import type { Body } from '../../../../lib/apitypes';
import { Avatar, type Options, type Person, roleLabel } from '../components/person';
import { adoptStyles } from '../../../../lib/styles';
import css from '../people.css?inline';

adoptStyles(css);

type Update = (p: Person) => void;

/** Name and organisation role: PATCH /api/people/{id}. */
function DetailsForm({ person, onSaved }: { person: Person; onSaved: Update }) {
  const { t } = useTranslation();
  const form = useForm({ firstName: person.firstName, lastName: person.lastName, orgRole: person.orgRole ?? '' });
  const { attach } = form;
  const [saved, setSaved] = useState('');
  const onSubmit = form.submit(async () => {
    setSaved('');
    const body: Body<'updatePerson'> = { firstName: form.values.firstName, lastName: form.values.lastName };
    if (person.can.orgRole && form.values.orgRole) body.orgRole = form.values.orgRole as 'manager' | 'counselor';
    try {
      onSaved(await patch<Person>(`/people/${person.id}`, body));
      setSaved(t('people.ui.saved'));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="people-form">
      <FormMessage message={form.message} />
      <FormMessage message={saved} variant="success" />
      <div class="grid field-pair">
        <TextField id="person-first" label={t('people.ui.firstName')} required maxLength={100} autoComplete="off" {...form.text('firstName')} />
        <TextField id="person-last" label={t('people.ui.lastName')} required maxLength={100} autoComplete="off" {...form.text('lastName')} />
      </div>
      {person.can.orgRole && (
        <SelectField
          id="person-org-role"
          label={t('people.ui.orgRole')}
          {...form.select('orgRole')}
          options={['manager', 'counselor'].map((r) => ({ value: r, label: t(`people.ui.roles.${r}`) }))}
        />
      )}
      <SubmitButton busy={form.busy}>{t('people.ui.save')}</SubmitButton>
    </form>
  );
}

/** Platform administration, the forms desk, the organisation (admins): PUT /api/people/{id}/roles. */
function RolesForm({ person, onSaved }: { person: Person; onSaved: Update }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Options | null>(null);
  const [saved, setSaved] = useState('');
  const form = useForm({ admin: person.admin, deskLevel: person.deskLevel, organizationId: String(person.organizationId ?? 0) });
  const { attach } = form;
  useEffect(() => {
    if (person.can.organization) get<Options>('/people/options').then(setOptions, onApiError);
  }, [person.can.organization]);
  const onSubmit = form.submit(async () => {
    setSaved('');
    const body: Body<'setPersonRoles'> = {};
    if (person.can.admin) body.admin = form.values.admin;
    if (person.can.desk) body.deskLevel = form.values.deskLevel as 'none' | 'desk' | 'sensitive';
    if (person.can.organization && options) body.organizationId = Number(form.values.organizationId);
    try {
      onSaved(await put<Person>(`/people/${person.id}/roles`, body));
      setSaved(t('people.ui.saved'));
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit} class="people-form">
      <FormMessage message={form.message} />
      <FormMessage message={saved} variant="success" />
      {person.can.admin && (
        <CheckboxField id="person-admin" name="admin" checked={form.values.admin} onChange={(v) => form.set('admin', v)} error={form.errors.admin}>
          {t('people.ui.admin')}
        </CheckboxField>
      )}
      {person.can.desk && (
        <SelectField
          id="person-desk"
          label={t('people.ui.deskLevel')}
          {...form.select('deskLevel')}
          options={['none', 'desk', 'sensitive'].map((l) => ({ value: l, label: t(`people.ui.deskLevels.${l}`) }))}
        />
      )}
      {person.can.organization && options && (
        <SelectField
          id="person-organization"
          label={t('people.ui.moveOrganization')}
          {...form.select('organizationId')}
          options={[{ value: '0', label: t('people.ui.noOrganization') }, ...options.organizations.map((o) => ({ value: String(o.id), label: o.name }))]}
        />
      )}
      <SubmitButton busy={form.busy}>{t('people.ui.save')}</SubmitButton>
    </form>
  );
}

/** Suspend or reactivate, sign out everywhere. */
function Access({ person, onSaved }: { person: Person; onSaved: Update }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState({ text: '', error: false });
  const [busy, setBusy] = useState(false);
  const act = (what: 'suspend' | 'reactivate' | 'sign-out', done: string) => async () => {
    setBusy(true);
    setMessage({ text: '', error: false });
    try {
      onSaved(await post<Person>(`/people/${person.id}/${what}`, {}));
      setMessage({ text: done, error: false });
    } catch (err) {
      onApiError(err as ApiError);
      setMessage({ text: (err as ApiError).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FormMessage message={message.text} variant={message.error ? 'error' : 'success'} />
      <p>
        {person.suspended ? (
          <mark class="people-status">{t('people.ui.suspendedSince', { date: formatDate(t, person.suspendedAt) })}</mark>
        ) : (
          t('people.ui.suspendText')
        )}
      </p>
      <div class="button-row">
        {person.can.suspend &&
          (person.suspended ? (
            <button type="button" disabled={busy} onClick={act('reactivate', t('people.ui.active'))}>
              {t('people.ui.reactivate')}
            </button>
          ) : (
            <button type="button" class="contrast" disabled={busy} onClick={act('suspend', t('people.ui.suspended'))}>
              {t('people.ui.suspend')}
            </button>
          ))}
        {person.can.signOut && (
          <button type="button" class="secondary outline" disabled={busy} onClick={act('sign-out', t('people.ui.signedOut'))}>
            {t('people.ui.signOut')}
          </button>
        )}
      </div>
      <p class="muted">{t('people.ui.signOutText')}</p>
    </>
  );
}

function EditPage() {
  const { t } = useTranslation();
  const [, params] = useRoute<{ id: string }>('/dashboard/user/:id/edit');
  const id = params?.id ?? '';
  const [person, setPerson] = useState<Person | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    get<Person>(`/people/${encodeURIComponent(id)}`).then(setPerson, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, [id]);
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!person) return <p aria-busy="true">{t('people.ui.loading')}</p>;
  const platform = person.can.admin || person.can.desk || person.can.organization;
  return (
    <>
      <p>
        <Link href="/dashboard/user/list">{t('people.ui.back')}</Link>
      </p>
      <div class="people-head">
        <Avatar person={person} large />
        <div>
          <p class="lead">{person.name}</p>
          <p>
            {person.email} · {roleLabel(t, person)}
            {person.organizationName ? ` · ${person.organizationName}` : ''}
          </p>
          <p class="muted">
            {t('people.ui.memberSince')}: {formatDate(t, person.createdAt)}
            {person.emailVerified ? ` · ${t('people.ui.emailVerified')}` : ''}
            {person.idVerified ? ` · ${t('people.ui.idVerified')}` : ''}
          </p>
        </div>
      </div>
      {person.can.rename && (
        <Section id="person-details" title={t('people.ui.details')}>
          <DetailsForm key={`d${person.id}`} person={person} onSaved={setPerson} />
        </Section>
      )}
      {platform && (
        <Section id="person-roles" title={t('people.ui.platformRoles')}>
          <RolesForm key={`r${person.id}`} person={person} onSaved={setPerson} />
        </Section>
      )}
      {(person.can.suspend || person.can.signOut) && (
        <Section id="person-access" title={t('people.ui.access')}>
          <Access person={person} onSaved={setPerson} />
        </Section>
      )}
    </>
  );
}

export function PeopleEdit() {
  return <DashboardShell page="people" titleKey="people.ui.editPage.title">{() => <EditPage />}</DashboardShell>;
}
