// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import { isReady, lazyView, prepare, setSectionLoader } from './lazy';

const View = () => null;

afterEach(() => setSectionLoader(undefined));

describe('pages loaded on demand', () => {
  it('loads a view once, and again after a failure', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(View);
    const view = lazyView('site/Probe', loader);
    expect(view.loaded()).toBeUndefined();
    await expect(view.load()).rejects.toThrow('offline');
    await expect(view.load()).resolves.toBe(View);
    await view.load();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(view.loaded()).toBe(View);
  });

  it('fetches the catalog sections a page needs into the page language, once', async () => {
    const i18n = createI18n('mn', { mn: { translation: { app: { name: 'Gerege' } } } });
    const sections = vi.fn(async (name: string) => ({ pages: { [name.split('.')[1]]: { title: `${name} гарчиг` } } }));
    setSectionLoader(sections);
    const page = { view: lazyView('site/Probe2', async () => View), sections: ['pages.faq', 'pages.legal'] };
    expect(isReady(page)).toBe(false);
    await prepare(page, i18n);
    expect(isReady(page)).toBe(true);
    expect(i18n.t('pages.faq.title')).toBe('pages.faq гарчиг');
    expect(i18n.t('app.name')).toBe('Gerege');
    await prepare(page, i18n);
    expect(sections).toHaveBeenCalledTimes(2);
  });

  it('needs no sections where the catalogs are complete (prerendering, tests)', async () => {
    const page = { view: lazyView('site/Probe3', async () => View), sections: ['pages.faq'] };
    await page.view.load();
    expect(isReady(page)).toBe(true);
  });
});
