// /notifications/unsubscribe?token=…: the page an email's "Stop these emails" link opens. Opening
// it changes nothing (mail scanners open links); the button does. No sign-in needed: the
// signed token says whose emails and which kind.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { type ApiError, get, post } from '../../../lib/api';
import { useQuery } from '../../../lib/query';
import { PageIntro } from '../../site/components/parts';
import type { Body, Resp } from '../../../lib/apitypes';

type Unsubscribe = Resp<'describeUnsubscribe'>;

export function UnsubscribePage() {
  const { t } = useTranslation();
  const query = useQuery();
  const token = query?.get('token') ?? '';
  const [info, setInfo] = useState<Unsubscribe | null>(null);
  const [failure, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token) return;
    get<Unsubscribe>(`/notifications/unsubscribe?token=${encodeURIComponent(token)}`).then(setInfo, (err: ApiError) => setError(err.message));
  }, [token]);
  // A link without a token is refused at once (derived, not set in the effect).
  const error = query && !token ? t('notifications.unsubscribe.invalid') : failure;
  const confirm = async () => {
    setBusy(true);
    try {
      setInfo(await post<Resp<'unsubscribe'>>('/notifications/unsubscribe', { token } satisfies Body<'unsubscribe'>));
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageIntro title={t('notifications.unsubscribe.title')} />
      <div role="status">{info?.done && <Alert variant="success">{t('notifications.unsubscribe.done')}</Alert>}</div>
      {error && <Alert variant="error">{error}</Alert>}
      {info && (
        <>
          <p>{t('notifications.unsubscribe.question')}</p>
          <ul>
            {(info.kinds ?? []).map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
          {!info.done && (
            <button type="button" onClick={confirm} aria-busy={busy ? 'true' : undefined} disabled={busy}>
              {t('notifications.unsubscribe.confirm')}
            </button>
          )}
        </>
      )}
      {!query || (!info && !error) ? <p aria-busy="true">{t('notifications.loading')}</p> : null}
      <p>
        <Link href="/dashboard/user/account#account-notifications">{t('notifications.unsubscribe.settings')}</Link>
      </p>
    </>
  );
}
