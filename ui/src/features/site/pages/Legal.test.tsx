import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { App } from '../../../app/App';
import { legalData } from '../../../content';
import { renderAt } from '../../../test/render';
import { DEFAULT_SUPPORT_EMAIL } from '../data';

describe('legal pages', () => {
  it.each(['en', 'mn'] as const)('render the sections with anchors, the contents and the versions in %s', (lang) => {
    const doc = legalData(lang).terms;
    const version = doc.versions[0];
    const { container } = renderAt(<App />, { lang, path: `/${lang}/terms` });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(doc.title);
    // Every section: an element with its id and a numbered heading; the contents link to it.
    const contents = screen.getByRole('navigation', { name: lang === 'en' ? 'Contents' : 'Агуулга' });
    version.sections.forEach((s, n) => {
      const section = container.querySelector(`section#${s.id}`)!;
      expect(section, s.id).not.toBeNull();
      expect(within(section as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(`${n + 1}. ${s.heading}`);
      expect(within(contents).getByRole('link', { name: s.heading }).getAttribute('href')).toBe(`#${s.id}`);
    });
    // The support email is filled in.
    expect(container.textContent).not.toContain('{{supportEmail}}');
    expect(container.querySelector('section#support')!.textContent).toContain(DEFAULT_SUPPORT_EMAIL);

    // The effective date, localized, and the list of versions with their own pages.
    const date = lang === 'en' ? '22 November 2026' : '2026 оны 11-р сарын 22';
    expect(version.effective).toBe('2026-11-22');
    expect(container.querySelector('time')!.getAttribute('datetime')).toBe(version.effective);
    expect(container.querySelector('time')!.textContent).toContain(date);
    const versions = screen.getByRole('heading', { name: lang === 'en' ? 'Versions' : 'Хувилбарууд' }).closest('section')!;
    const links = within(versions).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(doc.versions.map((v) => `/${lang}/terms/v/${v.effective}`));
    expect(links[0].textContent).toContain(date);
  });

  it('shows a version at its own address', () => {
    const { container } = renderAt(<App />, { lang: 'en', path: '/en/privacy/v/2026-11-22' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(container.querySelector('section#who-is-responsible')).not.toBeNull();
    expect(document.title).toBe('Privacy Policy, version of 22 November 2026 · Gerege');
  });
});
