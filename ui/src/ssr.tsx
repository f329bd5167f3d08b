// Prerendering, run by ui/build.mjs under Node: every route in every language to HTML.
import { renderToString } from 'preact-render-to-string';
import { I18nextProvider } from 'react-i18next';
import en from 'gerege:messages/en';
import mn from 'gerege:messages/mn';
import { App, LangRouter } from './app/App';
import { contentData } from './content';
import { documentTitle } from './lib/head';
import { type Catalog, createI18n, type Lang, languages } from './lib/i18n';
import { localize } from './lib/paths';
import { loadAllRoutes, routes } from './app/routes';

export { languages, routes };

/** The full catalog of each language: the strings and, under "data", the site's content. */
export const catalogs: Record<Lang, Catalog> = {
  en: { ...en, ...contentData('en') } as unknown as Catalog,
  mn: { ...mn, ...contentData('mn') } as unknown as Catalog,
};

const resources = { en: { translation: catalogs.en }, mn: { translation: catalogs.mn } };

/** Loads every page's view (they are loaded on demand in the browser); call before rendering. */
export async function prepareAll(): Promise<void> {
  await loadAllRoutes();
  await Promise.all(routes.map((r) => r.view.load()));
}

export interface Rendered {
  /** The markup inside <div id="app">. */
  html: string;
  title: string;
  description: string;
  /** Keys the page asked for that neither catalog has. */
  missing: string[];
}

export function renderPage(lang: Lang, path: string): Rendered {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  if (!route.view.loaded()) throw new Error(`${path}: call prepareAll() before renderPage()`);
  const missing: string[] = [];
  const i18n = createI18n(lang, resources, (key) => missing.push(key));
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <LangRouter lang={lang} ssrPath={localize(lang, path)}>
        <App servedPage={route.page} />
      </LangRouter>
    </I18nextProvider>,
  );
  const title = documentTitle(i18n.t, route.titleKey, route.titleArgs?.(i18n.t));
  return { html, title, description: i18n.t(route.descriptionKey), missing };
}
