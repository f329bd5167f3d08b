import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { routes } from './routes';
import { prepareAll, renderPage } from '../ssr';
import { resources } from '../test/render';

describe('routes', () => {
  beforeAll(prepareAll);

  it.each(['en', 'mn'] as const)('every page renders in %s with one h1 (none in the shell of a data page) and no missing key', (lang) => {
    for (const route of routes) {
      const page = renderPage(lang, route.path);
      expect(page.missing, route.path).toEqual([]);
      // A page whose content is data is a shell: the server writes its rendition, h1 included,
      // into the empty <div data-ssr-slot> (web.UI.ServeRendered); every other page has one h1.
      const shell = /<div data-ssr-slot(="")?><\/div>/.test(page.html);
      expect(page.html.match(/<h1[\s>]/g) ?? [], route.path).toHaveLength(shell ? 0 : 1);
      expect(page.title, route.path).toMatch(/ · Gerege$/);
      expect(page.description.length, route.path).toBeGreaterThan(10);
    }
  });

  it('has the status pages the server serves', () => {
    const pages = routes.map((r) => r.page);
    for (const p of ['index', '403', '404', '500', 'maintenance', 'coming-soon', 'components']) expect(pages).toContain(p);
  });

  it('notices a key the catalogs lack', () => {
    const missing: string[] = [];
    createI18n('en', resources, (k) => missing.push(k)).t('no.such.key');
    expect(missing).toEqual(['no.such.key']);
  });
});
