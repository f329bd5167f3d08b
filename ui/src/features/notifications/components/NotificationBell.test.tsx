import { act, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api';
import type { Notification } from '../api';
import { renderAt } from '../../../test/render';
import { NotificationBell } from './NotificationBell';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A fake of the notifications API: the list, the count and the marks, with call log. */
function fakeServer(list: Notification[]) {
  const calls: string[] = [];
  const unread = () => list.filter((n) => !n.read).length;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const path = url.replace(/\?.*$/, '');
    if (path === '/api/notifications/unread-count') return json({ unread: unread() });
    if (path === '/api/notifications') return json({ notifications: list, next: '', unread: unread() });
    if (path === '/api/notifications/read-all') {
      list.forEach((n) => (n.read = true));
      return json({ unread: 0 });
    }
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(path);
    if (one && method === 'POST') {
      list.find((n) => n.id === Number(one[1]))!.read = true;
      return json({ unread: unread() });
    }
    return new Response('{"message":"not found"}', { status: 404 });
  });
  configureApi({ fetch: fetch as unknown as typeof globalThis.fetch });
  return { fetch, calls, list };
}

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'forms.status',
  title: `Registration ${id}: status updated`,
  body: `Your submission CVP-2026-00000${id} is now: Accepted.`,
  link: '/dashboard',
  createdAt: '2026-11-22T10:00:00.000Z',
  read,
});

const bell = () => screen.getByRole('button', { name: /^(Notifications|Мэдэгдэл)/ });

afterEach(() => {
  configureApi({ fetch: undefined });
  vi.useRealTimers();
});

describe('the notification bell', () => {
  it('says the unread count in words, in each language', async () => {
    fakeServer([note(1), note(2), note(3), note(4, true)]);
    const { i18n } = renderAt(<NotificationBell />, { lang: 'en' });
    configureApi({ i18n });
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(bell().textContent).toBe('3'); // the badge (hidden from screen readers; the label says it)
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('says it in Mongolian without a suffix on the number', async () => {
    fakeServer([note(1)]);
    const { i18n } = renderAt(<NotificationBell />, { lang: 'mn' });
    configureApi({ i18n });
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Мэдэгдэл, уншаагүй: 1'));
  });

  it('with nothing unread is just "Notifications", without a badge', async () => {
    const { fetch } = fakeServer([note(1, true)]);
    renderAt(<NotificationBell />, { lang: 'en' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(bell().querySelector('.bell__badge')).toBeNull();
  });

  it('opens a list whose items link to their page in the language; following one marks it read', async () => {
    const { calls } = fakeServer([note(1), note(2)]);
    renderAt(<NotificationBell />, { lang: 'en', path: '/en/features' });
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(bell().getAttribute('aria-controls')!)!;
    await vi.waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const first = within(panel).getByRole('link', { name: /Registration 1/ });
    expect(first.getAttribute('href')).toBe('/en/dashboard');
    expect(first.textContent).toContain('Unread: '); // said, not only shown by a border
    expect(within(panel).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/en/dashboard/notifications');

    fireEvent.click(first);
    expect(location.pathname).toBe('/en/dashboard');
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(calls).toContain('POST /api/notifications/1/read');
    expect(calls).not.toContain('POST /api/notifications/2/read');
    expect(bell().getAttribute('aria-expanded')).toBe('false'); // the page changed: closed
  });

  it('marks one or all as read', async () => {
    const { calls } = fakeServer([note(1), note(2), note(3)]);
    renderAt(<NotificationBell />, { lang: 'en' });
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    fireEvent.click(bell());
    const mark = await screen.findByRole('button', { name: 'Mark as read: Registration 2: status updated' });
    fireEvent.click(mark);
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(calls).toContain('POST /api/notifications/2/read');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(calls).toContain('POST /api/notifications/read-all');
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).toBeNull();
  });

  it('closes with Escape and gives focus back to the bell', async () => {
    fakeServer([note(1)]);
    renderAt(<NotificationBell />, { lang: 'en' });
    await vi.waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    bell().focus();
    fireEvent.click(bell());
    await screen.findByRole('link', { name: /Registration 1/ });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell());
  });

  it('asks again when the tab regains focus, and every poll interval while visible', async () => {
    vi.useFakeTimers();
    const server = fakeServer([note(1)]);
    renderAt(<NotificationBell pollMs={60_000} />, { lang: 'en' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    const asked = () => server.calls.filter((c) => c.startsWith('GET /api/notifications/unread-count')).length;
    expect(asked()).toBe(1);
    expect(screen.getByRole('status').textContent).toBe(''); // the count it starts with is not announced

    server.list.push(note(2));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(asked()).toBe(2);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByRole('status').textContent).toBe('Notifications, 2 unread'); // a new one is

    server.list.push(note(3));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(asked()).toBe(2); // not before the interval
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(asked()).toBe(3);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');

    // A hidden tab does not poll.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(asked()).toBe(3);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(asked()).toBe(4);
  });
});
