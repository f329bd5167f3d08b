import { useSyncExternalStore } from 'preact/compat';
import { get, post, put } from '../../lib/api';
import type { Body, Resp, Schema } from '../../lib/apitypes';

/** One notification as GET /api/notifications returns it (title and body rendered in the request's language). */
export type Notification = Schema<'NotifyNotificationView'>;

export type NotificationList = Resp<'listNotifications'>;

export type EmailMode = Preference['email'];
export const emailModes: EmailMode[] = ['immediate', 'digest', 'off'];

export type Preference = Schema<'NotifyPreference'>;

export const listNotifications = ({ unread = false, after = '', limit = 20 } = {}): Promise<NotificationList> => {
  const q = new URLSearchParams({ limit: String(limit) });
  if (unread) q.set('unread', '1');
  if (after) q.set('after', after);
  return get<NotificationList>(`/notifications?${q}`);
};

export const getPreferences = () => get<Resp<'getNotificationPreferences'>>('/notifications/preferences');
export const putPreferences = (preferences: Body<'setNotificationPreferences'>['preferences']) =>
  put<Resp<'setNotificationPreferences'>>('/notifications/preferences', { preferences });

/**
 * The unread count, shared by the bell and the notifications page so that reading on one shows
 * on the other at once. `refresh` asks the server; the marks answer with the new count.
 */
function createUnreadStore() {
  let count: number | undefined;
  const listeners = new Set<() => void>();
  const set = (n: number) => {
    if (n === count) return;
    count = n;
    listeners.forEach((l) => l());
  };
  return {
    get: () => count,
    set,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    refresh: () => get<Resp<'countUnreadNotifications'>>('/notifications/unread-count').then((r) => set(r.unread)),
    markRead: (id: number) => post<Resp<'markNotificationRead'>>(`/notifications/${id}/read`).then((r) => set(r.unread)),
    markAllRead: () => post<Resp<'markAllNotificationsRead'>>('/notifications/read-all').then((r) => set(r.unread)),
    /** Forget the count (signing out). */
    reset() {
      count = undefined;
      listeners.forEach((l) => l());
    },
  };
}

export const unread = createUnreadStore();

/** The shared unread count (undefined until first known). */
export function useUnread(): number | undefined {
  return useSyncExternalStore(unread.subscribe, unread.get);
}
