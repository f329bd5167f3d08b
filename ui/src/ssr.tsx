// Prerendering, run by ui/build.mjs under Node: every route in every language to HTML.
import { renderToString } from 'preact-render-to-string';
import { I18nextProvider } from 'react-i18next';
import en from '../../i18n/en.json';
import mn from '../../i18n/mn.json';
import { App, LangRouter } from './App';
import { documentTitle } from './lib/head';
import { createI18n, type Lang, languages } from './lib/i18n';
import { localize } from './lib/paths';
import { routes } from './routes';

export { languages, routes };

const resources = { en: { translation: en }, mn: { translation: mn } };

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
  const missing: string[] = [];
  const i18n = createI18n(lang, resources, (key) => missing.push(key));
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <LangRouter lang={lang} ssrPath={localize(lang, path)}>
        <App servedPage={route.page} />
      </LangRouter>
    </I18nextProvider>,
  );
  const title = documentTitle(i18n.t, route.titleKey);
  return { html, title, description: i18n.t(route.descriptionKey), missing };
}
