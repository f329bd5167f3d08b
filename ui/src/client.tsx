import { hydrate, render } from 'preact';
import { I18nextProvider } from 'react-i18next';
import { App, LangRouter } from './App';
import { type Catalog, type Lang, initClientI18n } from './lib/i18n';
import { routeAt } from './routes';

/** The path inside the language: "/en/about-us" → "/about-us", "/en" → "/". */
const pathIn = (lang: Lang, pathname: string): string => {
  const rest = pathname.slice(lang.length + 1).replace(/\/+$/, '');
  return rest.startsWith('/') ? rest : '/';
};

/**
 * Starts the page. The prerendered markup is hydrated when it is the page the path names;
 * when the server sent another page (404 at an unknown path, 500, maintenance) it is
 * re-rendered so every attribute (the language switcher's link …) fits the real path.
 */
export function start(lang: Lang, catalog: Catalog): void {
  const i18n = initClientI18n(lang, catalog);
  const root = document.getElementById('app')!;
  const servedPage = root.dataset.page;
  const tree = (
    <I18nextProvider i18n={i18n}>
      <LangRouter lang={lang}>
        <App servedPage={servedPage} />
      </LangRouter>
    </I18nextProvider>
  );
  const fits = servedPage === routeAt(pathIn(lang, location.pathname))?.page;
  if (root.firstElementChild && fits) hydrate(tree, root);
  else render(tree, root);
}
