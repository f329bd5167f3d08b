import { hydrate, render } from 'preact';
import { I18nextProvider } from 'react-i18next';
import { App, LangRouter } from './app/App';
import { type Catalog, type Lang, initClientI18n } from './lib/i18n';
import { moduleSections, prepare, setSectionLoader } from './lib/lazy';
import { loadRoutesFor, routeAt, routeByPage, routeFor } from './app/routes';

/** The path inside the language: "/en/about-us" → "/about-us", "/en" → "/". */
const pathIn = (lang: Lang, pathname: string): string => {
  const rest = pathname.slice(lang.length + 1).replace(/\/+$/, '');
  return rest.startsWith('/') ? rest : '/';
};

/**
 * Starts the page. The prerendered markup is hydrated when it is the page the path names;
 * when the server sent another page (404 at an unknown path, 500, maintenance) it is
 * re-rendered so every attribute (the language switcher's link …) fits the real path.
 * `catalog` is the core catalog; `sections` fetch the parts only some pages use. The page's
 * chunk and sections are loaded first (the prerendered HTML preloads them).
 */
export async function start(lang: Lang, catalog: Catalog, sections: Record<string, () => Promise<{ default: Catalog }>>): Promise<void> {
  const i18n = initClientI18n(lang, catalog);
  setSectionLoader(async (name) => {
    const load = sections[name] ?? moduleSections[lang]?.[name];
    if (!load) throw new Error(`no catalog section ${name}`);
    return (await load()).default;
  });
  const root = document.getElementById('app')!;
  const servedPage = root.dataset.page;
  await loadRoutesFor(pathIn(lang, location.pathname));
  await prepare((servedPage && routeByPage(servedPage)) || routeFor(pathIn(lang, location.pathname)), i18n);
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
  // The app has taken over (tests wait for this).
  root.setAttribute('data-ready', '');
}
