// What every route module uses: the route type and the helpers that make routes (see routes.tsx).
import type { TFunction } from 'i18next';
import type { LazyView } from '../lib/lazy';

export { lazyView, type LazyView, type PageComponent } from '../lib/lazy';

export interface RouteDef {
  /** The path inside a language, e.g. "/about-us" (the page is at /en/about-us and /mn/about-us). */
  path: string;
  /** The prerendered file: pages/<lang>/<page>.html. */
  page: string;
  titleKey: string;
  /** Values for the title's placeholders, when it has any. */
  titleArgs?: (t: TFunction) => Record<string, string>;
  descriptionKey: string;
  /** The link text in the header or footer navigation, when the page is linked there. */
  navKey?: string;
  nav?: 'main' | 'footer';
  /** The footer column the link goes in. */
  group?: FooterGroup;
  /** The page, loaded on demand (its own chunk); see lib/lazy.ts. */
  view: LazyView;
  /** Props passed to the view. */
  props?: Record<string, string>;
  /**
   * Catalog sections only this page uses ("pages.faq", "data.faq"): the browser fetches them
   * with the page instead of with every page. Everything not listed by some route stays in
   * the core catalog.
   */
  sections?: string[];
  /** A public page: canonical and hreflang links, Open Graph, listed in sitemap.xml. */
  public?: boolean;
  /**
   * The route module the route comes from when it is not in the core table (set when that
   * module loads): the build preloads the module's chunk with the page.
   */
  from?: string;
  /** A stand-in for a path whose route module has not loaded yet (routes.tsx, routeFor). */
  pending?: boolean;
}

export type FooterGroup = 'explore' | 'programs' | 'help' | 'legal';

export const page = (path: string, key: string, view: LazyView, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  page: path === '/' ? 'index' : path.slice(1),
  titleKey: `${key}.title`,
  descriptionKey: `${key}.description`,
  view,
  ...extra,
});

/** A public page of the site; its catalog section is its key unless told otherwise. */
export const site = (path: string, key: string, view: LazyView, extra: Partial<RouteDef> = {}) =>
  page(path, key, view, { public: true, sections: [key], ...extra });

export const footer = (group: FooterGroup, navKey: string): Partial<RouteDef> => ({ nav: 'footer', group, navKey });

/**
 * A dashboard page (the server lets only allowed roles open it); its strings come with it: the
 * shell's ("dashboard" without the pages' own parts) and the page's own (`more`).
 */
// status.forbidden: the dashboard shows the 403 text in place when a page is not the person's;
// auth.userMenu: the account menu's words (not the sign-in pages' whole section).
export const dashboardSections = ['auth.userMenu', 'dashboard', 'roles', 'status.forbidden'];
export const dashboardRoute = (path: string, key: string, view: LazyView, more: string[] = []) =>
  page(path, key, view, { sections: [...dashboardSections, ...more] });

/** The catalog sections a page with forms needs: the shared words, then each form's own. */
export const formSections = (...forms: string[]) => ['forms.names', 'forms.errors', 'forms.ui', ...forms.map((f) => `forms.${f}`)];
