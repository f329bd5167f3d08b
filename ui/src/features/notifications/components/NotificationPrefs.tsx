import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { RadioGroup } from '../../../ui/ChoiceGroup';
import type { ApiError } from '../../../lib/api';
import { type EmailMode, emailModes, getPreferences, type Preference, putPreferences } from '../api';
import { onApiError } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/**
 * The account page's email settings: for each kind of notification, at once, in the daily
 * summary, or off (the bell shows them all the same).
 */
export function NotificationPrefs() {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useState<Preference[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getPreferences().then(
      (r) => setPrefs(r.preferences ?? []),
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  }, []);
  const options = emailModes.map((m) => ({ value: m, label: t(`account.notifications.modes.${m}`) }));
  const save = async (e: Event) => {
    e.preventDefault();
    if (!prefs) return;
    setBusy(true);
    try {
      const r = await putPreferences(prefs.map((p) => ({ kind: p.kind, email: p.email })));
      setPrefs(r.preferences ?? []);
      setError('');
      toast.success(t('account.notifications.saved'));
    } catch (err) {
      onApiError(err as ApiError);
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>{t('account.notifications.intro')}</p>
      {error && <Alert variant="error">{error}</Alert>}
      {prefs === null ? (
        !error && <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : (
        <form onSubmit={save} class="notification-prefs">
          {prefs.map((p) => (
            <RadioGroup
              key={p.kind}
              name={`email-${p.kind}`}
              legend={p.label}
              options={options}
              value={p.email}
              onChange={(v) => setPrefs(prefs.map((q) => (q.kind === p.kind ? { ...q, email: v as EmailMode } : q)))}
            />
          ))}
          <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
            {t('account.notifications.save')}
          </button>
        </form>
      )}
    </>
  );
}
