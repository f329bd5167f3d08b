import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { useOpenHere } from '../../../lib/paths';
import { listNotifications, type Notification, unread, useUnread } from '../api';
import { formatDateTime } from '../../../lib/formatTime';

/** How often the bell asks for the count while the tab is visible. */
export const POLL_MS = 60_000;

/** The bell's outline (decorative: the button's label says what it is). */
function BellIcon() {
  return (
    <svg class="bell__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0"
        fill="none"
        stroke="currentColor"
        stroke-width="1.8"
        stroke-linejoin="round"
      />
    </svg>
  );
}

/** One notification in a list: a link to its item (following it marks it read). */
export function NotificationItem({ n, onFollow }: { n: Notification; onFollow?: () => void }) {
  const { t } = useTranslation();
  const follow = () => {
    if (!n.read) unread.markRead(n.id).catch(() => undefined);
    onFollow?.();
  };
  return (
    <Link href={n.link} class="notification__link" onClick={follow}>
        {!n.read && <span class="visually-hidden">{`${t('notifications.bell.unread')}: `}</span>}
        <strong class="notification__title">{n.title}</strong>
        <span class="notification__body">{n.body}</span>
        <small class="muted">
          <time dateTime={n.createdAt}>{formatDateTime(t, n.createdAt)}</time>
        </small>
    </Link>
  );
}

/**
 * The header's bell for signed-in people: the unread count (in the button's label, in words),
 * and a panel with the latest notifications, each linking to its item, with "mark as read"
 * and "mark all as read". The count is asked for when the bell appears, whenever the tab
 * comes back into view, and every minute while it is visible. A disclosure like the account
 * menu: Esc or a click elsewhere closes it. Loaded once someone is signed in (see Bell).
 */
export function NotificationBell({ id = 'header', pollMs = POLL_MS }: { id?: string; pollMs?: number }) {
  const { t } = useTranslation();
  const count = useUnread();
  const [open, setOpen] = useOpenHere(); // closes when the page changes
  const [items, setItems] = useState<Notification[] | null>(null);
  const [error, setError] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'hidden') unread.refresh().catch(() => undefined);
    };
    unread.reset(); // a bell that appears after signing in again starts from no count, not the last person's
    refresh();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    const timer = setInterval(refresh, pollMs);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
      clearInterval(timer);
    };
  }, [pollMs]);

  // New ones arriving while the page is open are said once (a polite live region); the count
  // the bell starts with is not.
  const [announce, setAnnounce] = useState('');
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (seen.current !== undefined && count !== undefined && count > seen.current) {
      setAnnounce(t('notifications.bell.labelUnread', { count }));
    }
    seen.current = count;
  }, [count, t]);

  // Opened, or the count changed while open: show the latest.
  useEffect(() => {
    if (!open) return;
    listNotifications({ limit: 8 }).then(
      (r) => {
        setItems(r.notifications);
        setError('');
        unread.set(r.unread);
      },
      (err: ApiError) => setError(err.message),
    );
  }, [open, count]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('click', outside);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('click', outside);
      document.removeEventListener('keydown', esc);
    };
  }, [open, setOpen]);

  const label = count ? t('notifications.bell.labelUnread', { count }) : t('notifications.bell.label');
  const panel = `${id}-notifications`;
  const markAll = () => unread.markAllRead().then(() => setItems((list) => list?.map((n) => ({ ...n, read: true })) ?? null), (err: ApiError) => setError(err.message));
  const markOne = (n: Notification) =>
    unread.markRead(n.id).then(() => setItems((list) => list?.map((m) => (m.id === n.id ? { ...m, read: true } : m)) ?? null), (err: ApiError) => setError(err.message));

  return (
    <div class="bell" ref={root}>
      <button
        ref={button}
        type="button"
        class="bell__button"
        aria-label={label}
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {count ? (
          <span class="bell__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      <span class="visually-hidden" role="status">
        {announce}
      </span>
      <div id={panel} class="bell__panel" hidden={!open}>
        <div class="bell__head">
          <h2 class="bell__title">{t('notifications.bell.title')}</h2>
          {count ? (
            <button type="button" class="secondary outline bell__all" onClick={markAll}>
              {t('notifications.bell.markAllRead')}
            </button>
          ) : null}
        </div>
        {error && (
          <p class="bell__error" role="alert">
            {error}
          </p>
        )}
        {items === null ? (
          !error && <p aria-busy="true">{t('notifications.loading')}</p>
        ) : items.length === 0 ? (
          <p class="muted">{t('notifications.bell.empty')}</p>
        ) : (
          <ul class="notification-list">
            {items.map((n) => (
              <li key={n.id} class={n.read ? 'notification' : 'notification notification--unread'}>
                <NotificationItem n={n} onFollow={() => setOpen(false)} />
                {!n.read && (
                  <button type="button" class="secondary outline notification__mark" aria-label={`${t('notifications.bell.markRead')}: ${n.title}`} onClick={() => markOne(n)}>
                    {t('notifications.bell.markRead')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <p class="bell__foot">
          <Link href="/dashboard/notifications">{t('notifications.bell.seeAll')}</Link>
        </p>
      </div>
    </div>
  );
}
