import i18next from 'i18next';
import { useSyncExternalStore } from 'preact/compat';
import { useEffect } from 'react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { type ApiError, get, post } from './api';
import type { Resp } from './apitypes';
import { type Timer, toast } from './toast';

/** The signed-in user as GET /api/auth/me returns it. */
export type User = Resp<'getMe'>;

export type SessionState =
  | { status: 'unknown'; user?: undefined }
  | { status: 'signedIn'; user: User }
  /** `reason`: "absent" when the server knows no session, "signOut" after signing out, "expired". */
  | { status: 'signedOut'; user?: undefined; reason: 'absent' | 'signOut' | 'expired' };

export interface SessionDeps {
  fetchMe: () => Promise<User>;
  logout: () => Promise<unknown>;
  timer: Timer;
  now: () => number;
  /** The current path and query, e.g. "/en/dashboard/user/account?tab=1". */
  here: () => string;
  /** Full-path navigation ("/en/auth/login?…"). */
  go: (url: string) => void;
  t: (key: string) => string;
  warn: (...args: unknown[]) => void;
  /** Whether to ask the server at all on this page (see `hint`). */
  mustAsk: () => boolean;
  /** The browser-side note that this browser has a session (see HINT). */
  hint: { set(expiresAt?: string): void; clear(): void };
}

/**
 * A cookie the app sets (readable by scripts, unlike the session cookie) while this browser
 * has a session, expiring with it. Without it a page does not ask GET /api/auth/me: its 401
 * for signed-out visitors would be a failed request in every page's console. Dashboard pages
 * always ask (the server sends signed-out visitors to sign in instead), which also restores
 * the note when it was lost.
 */
export const HINT = 'gerege_signed_in';

const hasHint = () => typeof document !== 'undefined' && document.cookie.split(/;\s*/).some((c) => c.startsWith(`${HINT}=`));
const cookieTail = () => `; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;

/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are re-armed. */
const MAX_DELAY = 2 ** 31 - 1;

const defaults: SessionDeps = {
  fetchMe: () => get<User>('/auth/me'),
  logout: () => post('/web/auth/logout'),
  timer: {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  now: () => Date.now(),
  here: () => location.pathname + location.search,
  go: (url) => browserNavigate(url),
  t: (key) => i18next.t(key),
  warn: (...args) => console.warn(...args),
  mustAsk: () => hasHint() || /^\/(en|mn)\/dashboard(\/|$)/.test(location.pathname),
  hint: {
    set: (expiresAt) => {
      const until = expiresAt ? `; expires=${new Date(expiresAt).toUTCString()}` : '';
      document.cookie = `${HINT}=1${until}${cookieTail()}`;
    },
    clear: () => {
      if (hasHint()) document.cookie = `${HINT}=; max-age=0${cookieTail()}`;
    },
  },
};

/** "Ada", "Lovelace" → "AL": the avatar's letters. */
export const initialsOf = (first: string, last: string): string =>
  [first, last]
    .map((w) => [...w.trim()][0] ?? '')
    .join('')
    .toUpperCase();

/** The language prefix of a full path ("/mn/dashboard" → "mn"), "en" when it has none. */
export const langOf = (path: string): string => (/^\/(en|mn)(\/|\?|$)/.exec(path)?.[1] ?? 'en');

/** The sign-in page that brings the visitor back to `back` afterwards. */
export const loginUrl = (back: string): string =>
  `/${langOf(back)}/auth/login?returnTo=${encodeURIComponent(back)}`;

export interface SessionStore {
  state(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Asks the server who is signed in, once per page load. */
  start(): void;
  /** After sign-in, registration or any answer that carries the user. */
  signedIn(user: User): void;
  /** Signs out on the server (failures ignored) and locally. */
  signOut(): Promise<void>;
  /** The server has ended the session already (signed out everywhere, account deleted …). */
  forget(): void;
  /** The session ended on the server's clock: toast, sign out, and go to sign in (and come back). */
  expire(): void;
}

export function createSessionStore(overrides: Partial<SessionDeps> = {}): SessionStore {
  const deps = { ...defaults, ...overrides };
  let state: SessionState = { status: 'unknown' };
  let started = false;
  let handle: unknown;
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((l) => l());
  const set = (next: SessionState) => {
    state = next;
    if (next.status === 'signedIn') deps.hint.set(next.user.sessionExpiresAt);
    else if (next.status === 'signedOut') deps.hint.clear();
    emit();
  };
  const disarm = () => {
    if (handle !== undefined) deps.timer.clear(handle);
    handle = undefined;
  };
  const arm = (expiresAt?: string) => {
    disarm();
    const at = expiresAt ? Date.parse(expiresAt) : NaN;
    if (Number.isNaN(at)) return;
    const check = () => {
      handle = undefined;
      const left = at - deps.now();
      if (left <= 0) store.expire();
      else handle = deps.timer.set(check, Math.min(left, MAX_DELAY));
    };
    check();
  };

  const store: SessionStore = {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      if (!deps.mustAsk()) {
        set({ status: 'signedOut', reason: 'absent' });
        return;
      }
      deps.fetchMe().then(
        (user) => store.signedIn(user),
        (err: ApiError) => {
          if (err?.status !== 401) deps.warn('session: GET /api/auth/me failed', err);
          if (state.status === 'unknown') set({ status: 'signedOut', reason: 'absent' });
        },
      );
      if (typeof document !== 'undefined') {
        // Timers are slowed in background tabs: check again when the page is seen.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible' && state.status === 'signedIn') arm(state.user.sessionExpiresAt);
        });
      }
    },
    signedIn(user) {
      started = true;
      set({ status: 'signedIn', user });
      arm(user.sessionExpiresAt);
    },
    async signOut() {
      disarm();
      await deps.logout().catch(() => undefined);
      set({ status: 'signedOut', reason: 'signOut' });
    },
    forget() {
      disarm();
      set({ status: 'signedOut', reason: 'signOut' });
    },
    expire() {
      if (state.status !== 'signedIn') return;
      disarm();
      const back = deps.here();
      toast.error(deps.t('errors.tokenExpired'));
      deps.logout().catch(() => undefined);
      set({ status: 'signedOut', reason: 'expired' });
      deps.go(loginUrl(back));
    },
  };
  return store;
}

/** The page's session. */
export const session = createSessionStore();

/** The session state; the first use on a page asks the server (GET /api/auth/me). */
export function useSession(store: SessionStore = session): SessionState {
  const state = useSyncExternalStore(store.subscribe, store.state, store.state);
  useEffect(() => store.start(), [store]);
  return state;
}

/** What an API failure means for the session: a 401 while signed in is an expired session. */
export function onApiError(err: ApiError, store: SessionStore = session): void {
  if (err?.status === 401 && store.state().status === 'signedIn') store.expire();
}
