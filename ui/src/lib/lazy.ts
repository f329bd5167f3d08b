import type { ComponentType } from 'preact';
import type { i18n as I18n } from 'i18next';
import type { Catalog } from './i18n';

/**
 * A page loaded on demand: its own chunk, fetched the first time the page is shown. `module`
 * names the page's file as "<feature>/<file under its pages/>" without extension ("site/Home" is
 * src/features/site/pages/Home.tsx); the build checks it against
 * the import, to put <link rel="modulepreload"> for the page's chunk into its prerendered HTML.
 */
export interface LazyView {
  module: string;
  load(): Promise<PageComponent>;
  /** The component once loaded, else undefined. */
  loaded(): PageComponent | undefined;
}

/** A page: it takes the route's props, if any (see RouteDef.props). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageComponent = ComponentType<any>;

export function lazyView(module: string, loader: () => Promise<PageComponent>): LazyView {
  let component: PageComponent | undefined;
  let pending: Promise<PageComponent> | undefined;
  return {
    module,
    loaded: () => component,
    load() {
      pending ??= loader().then(
        (c) => (component = c),
        (err) => {
          pending = undefined; // let a later attempt try again
          throw err;
        },
      );
      return pending;
    },
  };
}

/** What a page needs before it can render: its view and the catalog sections only it uses. */
export interface PageNeeds {
  view: LazyView;
  /** Dotted catalog paths ("pages.faq", "data.faq") bundled apart from the core catalog. */
  sections?: string[];
}

/** Fetches one catalog section in the page's language: {pages: {faq: {...}}}. */
export type SectionLoader = (name: string) => Promise<Catalog>;

let sectionLoader: SectionLoader | undefined;
const sectionState = new Map<string, Promise<void>>();

/**
 * The browser's way to fetch the catalog sections a page needs. Without one (prerendering,
 * tests) the catalogs are complete already.
 */
export function setSectionLoader(loader: SectionLoader | undefined): void {
  sectionLoader = loader;
  sectionState.clear();
}

/** Loaders of catalog sections by language, then name (the build makes them). */
export type SectionLoaders = Record<string, Record<string, () => Promise<{ default: Catalog }>>>;

/**
 * The loaders of the sections only one route module's pages use: the build gives the module
 * them (its `__sections`), and they are added here when it loads (routes.tsx), so the entry's
 * map — on every page — holds only the sections shared more widely.
 */
export const moduleSections: SectionLoaders = {};

export function addModuleSections(more: SectionLoaders | undefined): void {
  for (const [lang, loaders] of Object.entries(more ?? {})) Object.assign((moduleSections[lang] ??= {}), loaders);
}

const loadedSections = new Set<string>();

function loadSection(name: string, i18n: I18n): Promise<void> {
  if (!sectionLoader) return Promise.resolve();
  let state = sectionState.get(name);
  if (!state) {
    state = sectionLoader(name).then(
      (data) => {
        i18n.addResourceBundle(i18n.language, 'translation', data, true, true);
        loadedSections.add(name);
      },
      (err) => {
        sectionState.delete(name);
        throw err;
      },
    );
    sectionState.set(name, state);
  }
  return state;
}

/** True when the page can render now, without waiting. */
export function isReady(page: PageNeeds): boolean {
  return !!page.view.loaded() && (!sectionLoader || (page.sections ?? []).every((s) => loadedSections.has(s)));
}

/** Loads a page's view and catalog sections. */
export async function prepare(page: PageNeeds, i18n: I18n): Promise<void> {
  await Promise.all([page.view.load(), ...(page.sections ?? []).map((s) => loadSection(s, i18n))]);
}
