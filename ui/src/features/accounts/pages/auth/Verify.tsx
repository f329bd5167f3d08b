import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { TextField } from '../../../../ui/fields/TextField';
import { type ApiError, get, post } from '../../../../lib/api';
import { session, type User, useSession } from '../../../../lib/session';
import { goTo, safeReturnTo } from '../../returnTo';
import { toast } from '../../../../lib/toast';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { AuthCard } from '../../components/AuthCard';
import { useQuery } from '../../../../lib/query';

type LinkState = { status: 'idle' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * /auth/verify: the 6-digit code from the email (signed in), or ?token= from the email's link,
 * which is sent at once.
 */
export function Verify() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [, navigate] = useLocation();
  const state = useSession();
  const query = useQuery();
  const token = query?.get('token') ?? '';
  const [link, setLink] = useState<LinkState>({ status: 'idle' });
  const [resending, setResending] = useState(false);
  const form = useForm({ code: '' });
  const { attach } = form;
  const user = state.user;

  const verified = () => {
    if (user) session.signedIn({ ...user, emailVerified: true });
    toast.success(t('auth.verify.done'));
  };

  // The link's token is sent once; until the answer the page says it is checking.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    post('/auth/verify', { token }).then(
      () => {
        setLink({ status: 'done' });
        toast.success(t('auth.verify.done'));
        // The link may be another account's: ask who is signed in rather than assume.
        if (session.state().status === 'signedIn') get<User>('/auth/me').then(session.signedIn, () => undefined);
      },
      (err: ApiError) => setLink({ status: 'failed', message: err.errors?.code ?? err.message }),
    );
  }, [token, t]);

  const onSubmit = form.submit(async () => {
    const code = form.values.code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) return form.fail({ code: t('auth.verify.codeFormat') });
    try {
      await post('/auth/verify', { code });
      verified();
      goTo(safeReturnTo(query?.get('returnTo'), lang), lang, navigate);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      const res = await post<{ message?: string; emailVerified?: boolean }>('/auth/verify/resend');
      toast.success(res?.message ?? t('auth.verify.sentAgain'));
    } catch (err) {
      form.failWith(err as ApiError);
    } finally {
      setResending(false);
    }
  };

  const dashboard = (
    <p>
      <Link href="/dashboard" class="button-link">
        {t('auth.verify.toDashboard')}
      </Link>
    </p>
  );

  let body;
  if (token && link.status !== 'failed') {
    body =
      link.status === 'done' ? (
        <>
          <Alert variant="success">{t('auth.verify.done')}</Alert>
          {dashboard}
        </>
      ) : (
        <p aria-busy="true">{t('auth.verify.checking')}</p>
      );
  } else if (state.status === 'unknown') {
    body = <p aria-busy="true">{t('auth.verify.loading')}</p>;
  } else if (!user) {
    body = (
      <>
        {link.status === 'failed' && <Alert variant="error">{link.message}</Alert>}
        <p>{t('auth.verify.signInFirst')}</p>
        <p>
          <Link href={`/auth/login?returnTo=${encodeURIComponent(`/${lang}/auth/verify`)}`} class="button-link">
            {t('auth.verify.signIn')}
          </Link>
        </p>
      </>
    );
  } else if (user.emailVerified) {
    body = (
      <>
        <Alert variant="success">{t('auth.verify.already', { email: user.email })}</Alert>
        {dashboard}
      </>
    );
  } else {
    body = (
      <>
        {link.status === 'failed' && <Alert variant="error">{link.message}</Alert>}
        <p>{t('auth.verify.sentTo', { email: user.email })}</p>
        <form ref={attach} noValidate onSubmit={onSubmit}>
          <FormMessage message={form.message} />
          <TextField
            id="verify-code"
            label={t('auth.verify.code')}
            hint={t('auth.verify.codeHint')}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            required
            {...form.text('code')}
          />
          <div class="button-row">
            <SubmitButton busy={form.busy}>{t('auth.verify.submit')}</SubmitButton>
            <Button variant="secondary" onClick={resend} disabled={resending}>
              {t('auth.verify.resend')}
            </Button>
          </div>
        </form>
        <p>
          <Link href="/dashboard">{t('auth.verify.later')}</Link>
        </p>
      </>
    );
  }

  return (
    <AuthCard title={t('auth.verify.heading')} lead={t('auth.verify.lead')}>
      {body}
    </AuthCard>
  );
}
