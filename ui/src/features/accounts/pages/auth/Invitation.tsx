import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { type ApiError, post } from '../../../../lib/api';
import { session, type User, useSession } from '../../../../lib/session';
import { AuthCard } from '../../components/AuthCard';
import { useQuery } from '../../../../lib/query';

type Accept = { status: 'idle' } | { status: 'done'; user: User } | { status: 'failed'; message: string; code?: string };

/**
 * /auth/invitation?token=…: a signed-in user accepts at once; a signed-out visitor is told to
 * sign in or register and comes back here afterwards.
 */
export function Invitation() {
  const { t, i18n } = useTranslation();
  const state = useSession();
  const query = useQuery();
  const token = query?.get('token') ?? '';
  const [accept, setAccept] = useState<Accept>({ status: 'idle' });

  // Accepted once, as soon as a signed-in user and a token are there; until the answer comes
  // the page says it is checking (derived while rendering, not set in the effect).
  const started = useRef(false);
  const ready = state.status === 'signedIn' && !!token;
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    post<User>('/organization/invitations/accept', { token }).then(
      (user) => {
        session.signedIn(user);
        setAccept({ status: 'done', user });
      },
      (err: ApiError) => setAccept({ status: 'failed', message: err.message, code: err.code }),
    );
  }, [ready, token]);
  const accepting = accept.status === 'idle' && ready;

  const back = `/${i18n.language}/auth/invitation${query ? `?${query.toString()}` : ''}`;
  const returnTo = `?returnTo=${encodeURIComponent(back)}`;

  let body;
  if (!query || state.status === 'unknown' || accepting) {
    body = <p aria-busy="true">{t('auth.invitation.checking')}</p>;
  } else if (!token) {
    body = <Alert variant="error">{t('auth.invitation.noToken')}</Alert>;
  } else if (state.status === 'signedOut') {
    body = (
      <>
        <p>{t('auth.invitation.signInFirst')}</p>
        <p class="button-row">
          <Link href={`/auth/login${returnTo}`} class="button-link">
            {t('auth.invitation.signIn')}
          </Link>
          <Link href={`/auth/register${returnTo}`} class="button-link button-link--outline">
            {t('auth.invitation.register')}
          </Link>
        </p>
      </>
    );
  } else if (accept.status === 'done') {
    const org = accept.user.organization;
    body = (
      <>
        <Alert variant="success">
          {t('auth.invitation.joined', { organization: org?.name ?? '', role: org ? t(`roles.${org.role}`) : '' })}
        </Alert>
        <p>
          <Link href="/dashboard" class="button-link">
            {t('auth.invitation.toDashboard')}
          </Link>
        </p>
      </>
    );
  } else if (accept.status === 'failed') {
    body = (
      <>
        <Alert variant="error">{accept.message}</Alert>
        {accept.code === 'date_of_birth_required' && (
          <p>
            <Link href="/dashboard/user/profile">{t('auth.invitation.addBirthDate')}</Link>
          </p>
        )}
        {accept.code === 'invitation_other_email' && <p>{t('auth.invitation.otherEmail', { email: state.user?.email ?? '' })}</p>}
      </>
    );
  }

  return <AuthCard title={t('auth.invitation.heading')}>{body}</AuthCard>;
}
