// /chat: a signed-in person's conversation with Gerege support (the workspace's chat,
// app/workspace/chat); a visitor signs in first and comes back here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { post, type ApiError } from '../../../lib/api';
import type { Resp } from '../../../lib/apitypes';
import { loginUrl, useSession } from '../../../lib/session';
import { Alert } from '../../../ui/Alert';
import { EmailLink, PageIntro, useSupportEmail } from '../components/parts';

const Ch = 'pages.startChat';

/**
 * /chat: a signed-in person starts (or reopens) their conversation with support, answered by
 * the platform's admins in the dashboard's chat; a visitor signs in first and comes back here.
 */
export function StartChat() {
  const { t, i18n } = useTranslation();
  const supportEmail = useSupportEmail();
  const state = useSession();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const start = () => {
    setBusy(true);
    post<Resp<'startSupportChat'>>('/chat/support', {}).then(
      (c) => navigate(`/dashboard/chat?c=${c.id}`),
      (err: ApiError) => {
        setBusy(false);
        setError(err.message);
      },
    );
  };
  return (
    <>
      <PageIntro title={t(`${Ch}.title`)} lead={t(`${Ch}.lead`)} />
      {state.status === 'signedIn' ? (
        <p>
          <button type="button" onClick={start} aria-busy={busy ? 'true' : undefined} disabled={busy}>
            {t(busy ? `${Ch}.starting` : `${Ch}.cta`)}
          </button>
        </p>
      ) : (
        <>
          <p>{t(`${Ch}.signedOut`)}</p>
          <p>
            <a href={loginUrl(`/${i18n.language}/chat`)} class="button-link">
              {t(`${Ch}.signIn`)}
            </a>
          </p>
        </>
      )}
      {error && <Alert variant="error">{error}</Alert>}
      <p>{t(`${Ch}.body`, { supportEmail })}</p>
      <dl>
        <dt>{t('pages.contact.emailLabel')}</dt>
        <dd>
          <EmailLink email={supportEmail} />
        </dd>
      </dl>
    </>
  );
}
