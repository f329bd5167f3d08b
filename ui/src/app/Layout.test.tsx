import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { App } from './App';
import { renderAt } from '../test/render';

const hrefs = (container: Element) =>
  [...container.querySelectorAll('a')].map((a) => a.getAttribute('href')).filter((h) => h !== '#main');

describe('layout links', () => {
  it('carry the language prefix and never end in a slash', () => {
    const { container } = renderAt(<App />, { lang: 'en', path: '/en/components' });
    const links = hrefs(container);
    expect(links).toContain('/en');
    expect(links).toContain('/en/features');
    expect(links).toContain('/en/about-us');
    expect(links).toContain('/en/terms');
    expect(links).toContain('/en/auth/login'); // the sign-in link (it opens the login dialog once the app runs)
    for (const href of links) {
      if (href === '/mn/components') continue; // the language switcher
      expect(href).toMatch(/^\/en(\/[a-z0-9-]+)*$/);
    }
  });

  it('use the Mongolian prefix on Mongolian pages', () => {
    const { container } = renderAt(<App />, { lang: 'mn', path: '/mn' });
    const links = hrefs(container);
    expect(links).toContain('/mn');
    expect(links).toContain('/mn/help-center');
    expect(screen.getAllByRole('link', { name: 'Бидний тухай' })[0].getAttribute('href')).toBe('/mn/about-us');
  });

  it('navigate inside the language without a reload and keep the URL clean', () => {
    renderAt(<App />, { lang: 'en', path: '/en/components' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    fireEvent.click(within(nav).getByRole('link', { name: 'Features' }));
    expect(location.pathname).toBe('/en/features');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Features');
    expect(document.title).toBe('Features · Gerege');
    fireEvent.click(screen.getByRole('link', { name: 'Gerege, home' }));
    expect(location.pathname).toBe('/en');
  });
});

describe('language switcher', () => {
  it.each([
    ['en', '/en/components', '/mn/components', 'Монгол'],
    ['mn', '/mn/components', '/en/components', 'English'],
    ['en', '/en', '/mn', 'Монгол'],
    ['mn', '/mn/no-such-page', '/en/no-such-page', 'English'],
  ] as const)('on a %s page at %s links to %s', (lang, path, target, text) => {
    renderAt(<App />, { lang, path });
    const switches = screen.getAllByRole('link', { name: text });
    expect(switches.length).toBeGreaterThan(0);
    for (const a of switches) {
      expect(a.getAttribute('href')).toBe(target);
      expect(a.getAttribute('lang')).toBe(target.slice(1, 3));
    }
  });

  it('follows client-side navigation', () => {
    renderAt(<App />, { lang: 'en', path: '/en' });
    fireEvent.click(screen.getAllByRole('link', { name: 'Terms of Service' })[0]);
    expect(screen.getAllByRole('link', { name: 'Монгол' })[0].getAttribute('href')).toBe('/mn/terms');
  });
});

describe('served page', () => {
  it('shows the page the server sent until the user navigates', () => {
    renderAt(<App servedPage="maintenance" />, { lang: 'en', path: '/en/features' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We will be back soon');
    fireEvent.click(screen.getAllByRole('link', { name: 'About us' })[0]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About us');
  });

  it('shows the 404 page for an unknown path', () => {
    renderAt(<App />, { lang: 'mn', path: '/mn/no-such-page' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Хуудас олдсонгүй');
  });
});
