import { useSyncExternalStore } from 'preact/compat';
import { get, post, put } from '../../lib/api';

/** One notification as GET /api/notifications returns it (app/platform/notify/views.go). */
export interface Notification {
  id: number;
  kind: string;
  /** Rendered by the server in the request's language. */
  title: string;
  body: string;
  /** A path without the language prefix ("/dashboard"). */
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  notifications: Notification[];
  /** The cursor of the next page ("after"), "" at the end. */
  next: string;
  unread: number;
}

export type EmailMode = 'immediate' | 'digest' | 'off';
export const emailModes: EmailMode[] = ['immediate', 'digest', 'off'];

export interface Preference {
  kind: string;
  label: string;
  email: EmailMode;
  default: EmailMode;
}

export const listNotifications = ({ unread = false, after = '', limit = 20 } = {}): Promise<NotificationList> => {
  const q = new URLSearchParams({ limit: String(limit) });
  if (unread) q.set('unread', '1');
  if (after) q.set('after', after);
  return get<NotificationList>(`/notifications?${q}`);
};

export const getPreferences = () => get<{ preferences: Preference[] }>('/notifications/preferences');
export const putPreferences = (preferences: { kind: string; email: EmailMode }[]) =>
  put<{ preferences: Preference[] }>('/notifications/preferences', { preferences });

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
    refresh: () => get<{ unread: number }>('/notifications/unread-count').then((r) => set(r.unread)),
    markRead: (id: number) => post<{ unread: number }>(`/notifications/${id}/read`).then((r) => set(r.unread)),
    markAllRead: () => post<{ unread: number }>('/notifications/read-all').then((r) => set(r.unread)),
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
