import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { DateField, TextField } from '../../../../ui/fields/TextField';
import { type ApiError, del, get, post, put } from '../../../../lib/api';
import { onApiError, session, type User } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { checkName, checkPassword, defaultLimits } from '../../validate';
import { formatDate, formatDateTime } from '../../../../lib/formatTime';
import { NotificationPrefs } from '../../../notifications/components/NotificationPrefs';
import { BlockedPeopleSection } from '../../../communities/moderation/BlockedPeopleLazy';
import type { Body, Resp, Schema } from '../../../../lib/apitypes';
import { ProfileForm } from './ProfileForm';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';

function PasswordForm() {
  const { t } = useTranslation();
  const form = useForm({ currentPassword: '', newPassword: '' });
  const { attach } = form;
  const onSubmit = form.submit(async () => {
    const errors: Record<string, string> = {};
    if (!form.values.currentPassword) errors.currentPassword = t('validation.required');
    const pw = checkPassword(t, form.values.newPassword);
    if (pw) errors.newPassword = pw;
    if (Object.keys(errors).length) return form.fail(errors);
    try {
      const res = await post<Resp<'changePassword'>>('/account/password', form.values satisfies Body<'changePassword'>);
      toast.success(res?.message ?? t('account.password.changed'));
      form.set('currentPassword', '');
      form.set('newPassword', '');
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} noValidate onSubmit={onSubmit}>
      <FormMessage message={form.message} />
      <TextField
        id="password-current"
        type="password"
        label={t('account.password.current')}
        autoComplete="current-password"
        required
        {...form.text('currentPassword')}
      />
      <TextField
        id="password-new"
        type="password"
        label={t('account.password.new')}
        hint={t('auth.register.passwordHint', { min: defaultLimits.passwordMin })}
        autoComplete="new-password"
        required
        {...form.text('newPassword')}
      />
      <SubmitButton busy={form.busy}>{t('account.password.submit')}</SubmitButton>
    </form>
  );
}

type DeviceSession = Schema<'AccountsSessionView'>;

function Sessions() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [list, setList] = useState<DeviceSession[] | null>(null);
  const [error, setError] = useState('');

  const load = () =>
    get<Resp<'listSessions'>>('/account/sessions').then(
      (r) => setList(r.sessions ?? []),
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  useEffect(() => {
    load();
  }, []);

  const revoke = async (s: DeviceSession) => {
    try {
      await del(`/account/sessions/${encodeURIComponent(s.id)}`);
      toast.success(t('account.sessions.revoked', { device: s.device }));
      load();
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    }
  };

  const everywhere = async () => {
    try {
      await post('/account/sessions/revoke-all');
    } catch (err) {
      toast.error((err as ApiError).message);
      return;
    }
    session.forget();
    toast.success(t('account.sessions.everywhereDone'));
    navigate('/auth/login');
  };

  if (error) return <Alert variant="error">{error}</Alert>;
  if (!list) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  return (
    <>
      <ul class="session-list">
        {list.map((s) => (
          <li key={s.id}>
            <div>
              <strong>{s.device}</strong>
              {s.current && <span class="badge">{t('account.sessions.thisDevice')}</span>}
              <br />
              <small class="muted">
                {t(s.kind === 'api' ? 'account.sessions.kindApp' : 'account.sessions.kindWeb')} ·{' '}
                {t('account.sessions.lastSeen', { when: formatDateTime(t, s.lastSeenAt) })} ·{' '}
                {t('account.sessions.since', { when: formatDateTime(t, s.createdAt) })}
              </small>
            </div>
            {!s.current && (
              <Button variant="secondary" class="outline" onClick={() => revoke(s)} aria-label={t('account.sessions.revokeDevice', { device: s.device })}>
                {t('account.sessions.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p class="muted">{t('account.sessions.everywhereHint')}</p>
      <Button variant="secondary" onClick={everywhere}>
        {t('account.sessions.everywhere')}
      </Button>
    </>
  );
}

type IDView = Resp<'getIDVerification'>;

function IDVerification({ user }: { user: User }) {
  const { t } = useTranslation();
  const [view, setView] = useState<IDView | null>(null);
  const [error, setError] = useState('');
  const form = useForm({ surname: '', givenName: '', dateOfBirth: user.dateOfBirth ?? '', idNumber: '' });
  const { attach } = form;

  useEffect(() => {
    get<IDView>('/account/id-verification').then(setView, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, []);

  const refreshUser = () => get<Resp<'getMe'>>('/auth/me').then((u) => session.signedIn(u), () => undefined);

  const onSubmit = form.submit(async () => {
    const v = form.values;
    const errors: Record<string, string | undefined> = {
      surname: checkName(t, v.surname, defaultLimits.nameMax),
      givenName: checkName(t, v.givenName, defaultLimits.nameMax),
      dateOfBirth: v.dateOfBirth ? undefined : t('validation.required'),
      idNumber: v.idNumber.trim() ? undefined : t('validation.required'),
    };
    const found = Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as Record<string, string>;
    if (Object.keys(found).length) return form.fail(found);
    try {
      setView(await put<Resp<'verifyNationalID'>>('/account/id-verification', v));
      toast.success(t('account.idVerification.verified'));
      refreshUser();
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  const decline = async () => {
    try {
      setView(await post<Resp<'declineIDVerification'>>('/account/id-verification/decline'));
      refreshUser();
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    }
  };

  if (error) return <Alert variant="error">{error}</Alert>;
  if (!view) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  if (view.status === 'verified') {
    return (
      <>
        <Alert variant="success">{t('account.idVerification.statusVerified')}</Alert>
        <dl class="facts">
          <dt>{t('account.idVerification.surname')}</dt>
          <dd>{view.surname}</dd>
          <dt>{t('account.idVerification.givenName')}</dt>
          <dd>{view.givenName}</dd>
          <dt>{t('account.idVerification.dateOfBirth')}</dt>
          <dd>{formatDate(t, view.dateOfBirth)}</dd>
          <dt>{t('account.idVerification.idNumber')}</dt>
          <dd>
            <code>{view.idNumberMasked}</code>
          </dd>
        </dl>
      </>
    );
  }
  return (
    <>
      <p>{t(view.status === 'declined' ? 'account.idVerification.statusDeclined' : 'account.idVerification.statusNone')}</p>
      {!!view.restrictedFeatures?.length && (
        <>
          <p>{t('account.idVerification.restricted')}</p>
          <ul>
            {view.restrictedFeatures.map((f) => (
              <li key={f}>{t(`account.idVerification.features.${f}`, { defaultValue: f })}</li>
            ))}
          </ul>
        </>
      )}
      <form ref={attach} noValidate onSubmit={onSubmit}>
        <FormMessage message={form.message} />
        <div class="grid field-pair">
          <TextField id="idv-surname" label={t('account.idVerification.surname')} autoComplete="family-name" required {...form.text('surname')} />
          <TextField id="idv-givenName" label={t('account.idVerification.givenName')} autoComplete="given-name" required {...form.text('givenName')} />
        </div>
        <DateField id="idv-dateOfBirth" label={t('account.idVerification.dateOfBirth')} required {...form.text('dateOfBirth')} />
        <TextField
          id="idv-idNumber"
          label={t('account.idVerification.idNumber')}
          hint={t('account.idVerification.idNumberHint')}
          autoComplete="off"
          maxLength={12}
          required
          {...form.text('idNumber')}
        />
        <div class="button-row">
          <SubmitButton busy={form.busy}>{t('account.idVerification.submit')}</SubmitButton>
          {view.status === 'none' && (
            <Button variant="secondary" onClick={decline}>
              {t('account.idVerification.decline')}
            </Button>
          )}
        </div>
      </form>
    </>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const form = useForm({ password: '' });
  const { attach } = form;

  const onSubmit = form.submit(async () => {
    if (!form.values.password) return form.fail({ password: t('validation.required') });
    try {
      await del('/account', { password: form.values.password });
    } catch (err) {
      form.failWith(err as ApiError);
      return;
    }
    setOpen(false);
    session.forget();
    toast.success(t('account.delete.done'));
    navigate('/');
  });

  return (
    <>
      <p>{t('account.delete.text')}</p>
      <Button variant="secondary" class="danger" onClick={() => setOpen(true)}>
        {t('account.delete.open')}
      </Button>
      <Dialog id="delete-account" open={open} onClose={() => setOpen(false)} title={t('account.delete.title')}>
        <form ref={attach} noValidate onSubmit={onSubmit}>
          <p>{t('account.delete.confirmText')}</p>
          <FormMessage message={form.message} />
          <TextField
            id="delete-password"
            type="password"
            label={t('account.delete.password')}
            autoComplete="current-password"
            required
            {...form.text('password')}
          />
          <div class="button-row">
            <button type="submit" class="danger" aria-busy={form.busy ? 'true' : undefined}>
              {t('account.delete.confirm')}
            </button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('account.delete.cancel')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

export function DashboardAccount() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="account">
      {(user) => (
        <>
          <Section id="account-details" title={t('account.details.title')}>
            <dl class="facts">
              <dt>{t('account.details.email')}</dt>
              <dd>
                {user.email}{' '}
                <span class={`badge${user.emailVerified ? ' badge--ok' : ''}`}>
                  {t(user.emailVerified ? 'account.details.verified' : 'account.details.unverified')}
                </span>
              </dd>
            </dl>
            <ProfileForm id="account" user={user} />
          </Section>
          <Section id="account-password" title={t('account.password.title')}>
            <PasswordForm />
          </Section>
          <Section id="account-sessions" title={t('account.sessions.title')}>
            <Sessions />
          </Section>
          <Section id="account-notifications" title={t('account.notifications.title')}>
            <NotificationPrefs />
          </Section>
          <BlockedPeopleSection />
          <Section id="account-id" title={t('account.idVerification.title')}>
            <IDVerification user={user} />
          </Section>
          <Section id="account-export" title={t('account.export.title')}>
            <p>{t('account.export.text')}</p>
            <p>
              {/* A plain link: the server answers with a file download (cookie-authenticated GET). */}
              <a href="/api/account/export" download class="button-link button-link--outline">
                {t('account.export.download')}
              </a>
            </p>
          </Section>
          <Section id="account-delete" title={t('account.delete.title')}>
            <DeleteAccount />
          </Section>
        </>
      )}
    </DashboardShell>
  );
}
