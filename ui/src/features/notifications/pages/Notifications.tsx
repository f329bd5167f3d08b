import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { NotificationItem } from '../components/NotificationBell';
import type { ApiError } from '../../../lib/api';
import { listNotifications, type Notification, unread, useUnread } from '../api';
import { onApiError } from '../../../lib/session';
import { DashboardShell } from '../../../ui/DashboardShell';

/** The full list: newest first, all or unread only, older pages on demand (keyset). */
function NotificationList() {
  const { t } = useTranslation();
  const count = useUnread();
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [next, setNext] = useState('');
  const [error, setError] = useState('');
  const fail = useCallback((err: ApiError) => {
    onApiError(err);
    setError(err.message);
  }, []);
  const load = useCallback(
    (after = '') =>
      listNotifications({ unread: onlyUnread, after }).then((r) => {
        setItems((list) => (after && list ? [...list, ...(r.notifications ?? [])] : (r.notifications ?? [])));
        setNext(r.next);
        setError('');
        unread.set(r.unread);
      }, fail),
    [onlyUnread, fail],
  );
  useEffect(() => {
    load();
  }, [load]);
  // Another filter: nothing shown until its list comes (cleared where it is chosen).
  const filter = (only: boolean) => {
    if (only === onlyUnread) return;
    setItems(null);
    setOnlyUnread(only);
  };

  const markRead = (n: Notification) =>
    unread.markRead(n.id).then(() => setItems((list) => list?.map((m) => (m.id === n.id ? { ...m, read: true } : m)) ?? null), fail);
  const markAll = () => unread.markAllRead().then(() => setItems((list) => list?.map((m) => ({ ...m, read: true })) ?? null), fail);

  return (
    <>
      <div class="button-row notification-tools">
        <fieldset role="radiogroup" aria-label={t('notifications.list.show')} class="notification-filter">
          <label>
            <input type="radio" name="notification-filter" checked={!onlyUnread} onChange={() => filter(false)} />
            {t('notifications.list.all')}
          </label>
          <label>
            <input type="radio" name="notification-filter" checked={onlyUnread} onChange={() => filter(true)} />
            {t('notifications.list.unreadOnly')}
          </label>
        </fieldset>
        {count ? (
          <>
            <span class="muted" aria-live="polite">
              {t('notifications.list.unreadCount', { count })}
            </span>
            <button type="button" class="secondary outline" onClick={markAll}>
              {t('notifications.bell.markAllRead')}
            </button>
          </>
        ) : null}
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {items === null ? (
        !error && <p aria-busy="true">{t('notifications.loading')}</p>
      ) : items.length === 0 ? (
        <p>{t(onlyUnread ? 'notifications.list.emptyUnread' : 'notifications.list.empty')}</p>
      ) : (
        <ul class="notification-list notification-list--page" aria-label={t('notifications.list.caption')}>
          {items.map((n) => (
            <li key={n.id} class={n.read ? 'notification' : 'notification notification--unread'}>
              <NotificationItem n={n} />
              {!n.read && (
                <button type="button" class="secondary outline notification__mark" aria-label={`${t('notifications.bell.markRead')}: ${n.title}`} onClick={() => markRead(n)}>
                  {t('notifications.bell.markRead')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" class="secondary outline" onClick={() => load(next)}>
          {t('notifications.list.older')}
        </button>
      )}
    </>
  );
}

export function DashboardNotifications() {
  return <DashboardShell page="notifications">{() => <NotificationList />}</DashboardShell>;
}
