// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, loginUrl, type User } from './session';
import { toasts } from './toast';

const user = (expiresInMs: number, now: number): User => ({
  id: 1,
  email: 'ada@example.mn',
  firstName: 'Ada',
  lastName: 'Lovelace',
  accountType: 'individual',
  organization: null,
  isAdmin: false,
  roles: ['individual'],
  language: 'en',
  emailVerified: true,
  needsDateOfBirth: false,
  idVerification: 'none',
  restrictedFeatures: [],
  dashboard: ['home', 'profile', 'account'],
  permissions: [],
  createdAt: new Date(now).toISOString(),
  sessionExpiresAt: new Date(now + expiresInMs).toISOString(),
});

function setup(fetchMe: () => Promise<User>) {
  const go = vi.fn();
  const logout = vi.fn(() => Promise.reject(new Error('offline'))); // a failure is ignored
  const warn = vi.fn();
  const store = createSessionStore({
    fetchMe,
    logout,
    go,
    warn,
    here: () => '/mn/dashboard/user/account?tab=sessions',
    mustAsk: () => true,
    hint: { set: vi.fn(), clear: vi.fn() },
    t: (key) => (key === 'errors.tokenExpired' ? 'Нэвтрэлтийн хугацаа дууссан' : key),
  });
  return { store, go, logout, warn };
}

function hinted(fetchMe: () => Promise<User>, mustAsk: boolean) {
  const hint = { set: vi.fn(), clear: vi.fn() };
  const store = createSessionStore({ fetchMe, mustAsk: () => mustAsk, hint, logout: () => Promise.resolve(), warn: vi.fn() });
  return { store, hint };
}

describe('session expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toasts.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the toast, signs out and goes to sign in with returnTo when the session ends', async () => {
    const now = Date.now();
    const { store, go, logout } = setup(() => Promise.resolve(user(60_000, now)));
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.state().status).toBe('signedIn');

    await vi.advanceTimersByTimeAsync(59_000);
    expect(store.state().status).toBe('signedIn');
    expect(go).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.state().status).toBe('signedOut');
    expect(toasts.list().map((t) => [t.variant, t.message])).toEqual([['error', 'Нэвтрэлтийн хугацаа дууссан']]);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith('/mn/auth/login?returnTo=%2Fmn%2Fdashboard%2Fuser%2Faccount%3Ftab%3Dsessions');
  });

  it('re-arms the timer on every sign-in (a later expiry replaces the earlier one)', async () => {
    const now = Date.now();
    const { store, go } = setup(() => Promise.resolve(user(10_000, now)));
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    store.signedIn(user(120_000, now));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('waits longer than setTimeout can in several steps', async () => {
    const now = Date.now();
    const days = 30 * 24 * 3600 * 1000;
    const { store, go } = setup(() => Promise.resolve(user(days, now)));
    store.start();
    await vi.advanceTimersByTimeAsync(days - 1000);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('a session that has already ended on arrival ends at once', async () => {
    const now = Date.now();
    const { store, go } = setup(() => Promise.resolve(user(-1, now)));
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.state().status).toBe('signedOut');
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('session start', () => {
  it('asks the server once; 401 is simply signed out', async () => {
    const fetchMe = vi.fn(() => Promise.reject({ status: 401, message: 'Please sign in to continue.' }));
    const { store, warn } = setup(fetchMe);
    store.start();
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchMe).toHaveBeenCalledTimes(1);
    expect(store.state().status).toBe('signedOut');
    expect(warn).not.toHaveBeenCalled();
  });

  it('any other failure is signed out too, with a warning (never a console error)', async () => {
    const { store, warn } = setup(() => Promise.reject({ status: 500, message: 'Something went wrong' }));
    const error = vi.spyOn(console, 'error');
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.state().status).toBe('signedOut');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('signing out stops the timer', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    const { store, go } = setup(() => Promise.resolve(user(5_000, now)));
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    await store.signOut();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(go).not.toHaveBeenCalled();
    expect(store.state().status).toBe('signedOut');
    vi.useRealTimers();
  });
});

describe('the signed-in hint', () => {
  it('without it (and off the dashboard) the page does not ask the server: signed out at once', () => {
    const fetchMe = vi.fn(() => Promise.resolve(user(60_000, Date.now())));
    const { store } = hinted(fetchMe, false);
    store.start();
    expect(fetchMe).not.toHaveBeenCalled();
    expect(store.state().status).toBe('signedOut');
  });

  it('follows the session: set with its expiry when signed in, cleared when signed out', async () => {
    const u = user(60_000, Date.now());
    const { store, hint } = hinted(() => Promise.resolve(u), true);
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(hint.set).toHaveBeenCalledWith(u.sessionExpiresAt);
    await store.signOut();
    expect(hint.clear).toHaveBeenCalled();
  });
});

describe('loginUrl', () => {
  it('keeps the language and encodes the way back', () => {
    expect(loginUrl('/en/dashboard')).toBe('/en/auth/login?returnTo=%2Fen%2Fdashboard');
    expect(loginUrl('/mn/dashboard/admin/audit?before=9')).toBe('/mn/auth/login?returnTo=%2Fmn%2Fdashboard%2Fadmin%2Faudit%3Fbefore%3D9');
  });
});

describe('forget', () => {
  it('signs out here without asking the server (it has ended the session already)', async () => {
    const logout = vi.fn(() => Promise.resolve());
    const store = createSessionStore({ fetchMe: () => Promise.resolve(user(60_000, Date.now())), logout, mustAsk: () => true, hint: { set: vi.fn(), clear: vi.fn() } });
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.state().status).toBe('signedIn');
    store.forget();
    expect(store.state()).toEqual({ status: 'signedOut', reason: 'signOut' });
    expect(logout).not.toHaveBeenCalled();
  });
});
