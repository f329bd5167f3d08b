import { act, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/render';
import { type User, session } from '../../../../lib/session';
import { Home } from './Home';

const user = { id: 1, email: 'a@example.mn', firstName: 'Nomin', lastName: 'Gan', dashboard: ['app', 'home'], sessionExpiresAt: '2099-01-01T00:00:00Z' } as unknown as User;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => session.forget());
});

describe('the home', () => {
  it('shows every widget it has words for, with its count, in the person’s language, and leaves out the others', async () => {
    const widgets = [
      { key: 'unreadMessages', href: '/dashboard/chat', count: 3 },
      { key: 'todayAppointments', href: '/dashboard/booking', count: 1 },
      { key: 'deadlines', href: '/dashboard/saved', count: 0 },
      { key: 'somethingNew', href: '/dashboard/new', count: 5 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        String(url).endsWith('/workspace/home') ? Promise.resolve(new Response(JSON.stringify({ widgets }), { status: 200 })) : new Promise(() => undefined),
      ),
    );
    act(() => session.signedIn(user));
    renderAt(<Home />, { lang: 'mn', path: '/mn/dashboard/app' });
    const chat = await screen.findByRole('link', { name: 'Уншаагүй зурвас: 3' });
    expect(chat.getAttribute('href')).toBe('/mn/dashboard/chat');
    expect(screen.getByRole('link', { name: 'Өнөөдрийн уулзалт: 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '7 хоногийн дотор хаагдах хадгалсан боломж: 0' })).toBeTruthy();
    expect(document.querySelectorAll('.home-widget')).toHaveLength(3);
    expect(document.querySelector('[data-widget="somethingNew"]')).toBeNull();
  });
});
