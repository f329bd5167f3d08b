import { act, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { type User, session } from '../lib/session';
import { DashboardShell, navOf } from './DashboardShell';

const user = (dashboard: string[]): User =>
  ({
    id: 1,
    email: 'nomin@example.mn',
    firstName: 'Nomin',
    lastName: 'Gan',
    accountType: 'individual',
    roles: ['individual'],
    dashboard,
    permissions: [],
    sessionExpiresAt: '2099-01-01T00:00:00Z',
  }) as unknown as User;

const INDIVIDUAL = ['app', 'home', 'applications', 'notifications', 'saved', 'posts', 'profile', 'account', 'communities', 'moderation', 'permission', 'blank'];

function shell(dashboard = INDIVIDUAL) {
  act(() => session.signedIn(user(dashboard)));
  return renderAt(<DashboardShell page="app">{() => <p>content</p>}</DashboardShell>, { lang: 'en', path: '/en/dashboard/app' });
}
const nav = () => screen.getByRole('navigation', { name: 'Dashboard' });

beforeEach(() => {
  localStorage.clear();
  // The bell and the account menu ask the server; nothing answers here.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => session.forget());
});

describe('the sidebar', () => {
  it('lists only the pages the person may open, grouped, without the blank page', () => {
    expect(navOf(user(INDIVIDUAL)).map(([g, keys]) => [g, keys])).toEqual([
      ['workspace', ['app', 'home', 'notifications', 'permission']],
      ['opportunities', ['applications', 'saved']],
      ['communities', ['posts', 'communities', 'moderation']],
      ['account', ['profile', 'account']],
    ]);
    const admin = navOf(user([...INDIVIDUAL, 'outbox', 'audit', 'unknownPage']));
    expect(admin.at(-1)).toEqual(['staff', ['outbox', 'audit']]);
    shell();
    const links = within(nav()).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Overview', 'Notifications', 'Permissions', 'My applications', 'Saved opportunities', 'My posts', 'Communities', 'Reports', 'Profile', 'Account']);
    expect(within(nav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('hides to a rail and back, and remembers it', () => {
    const { unmount, container } = shell();
    const app = container.querySelector('.app')!;
    expect(app.classList.contains('app--collapsed')).toBe(false);
    fireEvent.click(within(nav()).getByRole('button', { name: 'Hide the menu' }));
    expect(app.classList.contains('app--collapsed')).toBe(true);
    expect(within(nav()).getByRole('button', { name: 'Show the menu' }).getAttribute('aria-expanded')).toBe('false');
    unmount();
    const again = shell();
    expect(again.container.querySelector('.app')!.classList.contains('app--collapsed')).toBe(true);
    fireEvent.click(within(nav()).getByRole('button', { name: 'Show the menu' }));
    expect(again.container.querySelector('.app')!.classList.contains('app--collapsed')).toBe(false);
    expect(localStorage.getItem('gerege.nav.collapsed')).toBeNull();
  });
});

describe('the drawer (phones)', () => {
  it('opens from the menu button with focus inside, keeps Tab inside, and Escape closes it with focus back on the button', () => {
    shell();
    const opener = within(nav()).getByRole('button', { name: 'Dashboard menu' });
    opener.focus();
    fireEvent.click(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(nav().classList.contains('app-nav--open')).toBe(true);
    const close = within(nav()).getByRole('button', { name: 'Close the menu' });
    expect(document.activeElement).toBe(close);

    // Tab on the last link wraps to the close button; Shift+Tab on it goes to the last link.
    const links = within(nav()).getAllByRole('link');
    const last = links[links.length - 1];
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(nav().classList.contains('app-nav--open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button and when a page is chosen', () => {
    shell();
    const opener = within(nav()).getByRole('button', { name: 'Dashboard menu' });
    fireEvent.click(opener);
    fireEvent.click(within(nav()).getByRole('button', { name: 'Close the menu' }));
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    fireEvent.click(within(nav()).getByRole('link', { name: 'Permissions' }));
    expect(location.pathname).toBe('/en/dashboard/permission');
    expect(opener.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the search', () => {
  it('goes to the page whose name is typed, and says so when none is', () => {
    shell();
    const search = screen.getByRole('combobox', { name: 'Go to a page' });
    fireEvent.input(search, { target: { value: 'nothing like it' } });
    fireEvent.submit(search.closest('form')!);
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No page is called that.')).toBeTruthy();
    fireEvent.input(search, { target: { value: 'saved' } });
    fireEvent.submit(search.closest('form')!);
    expect(location.pathname).toBe('/en/dashboard/saved');
  });
});
