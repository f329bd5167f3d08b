import type { ComponentType } from 'preact';
import { Components } from './pages/Components';
import { Home } from './pages/Home';
import { placeholder } from './pages/Placeholder';
import { status } from './pages/Status';

export interface RouteDef {
  /** The path inside a language, e.g. "/about-us" (the page is at /en/about-us and /mn/about-us). */
  path: string;
  /** The prerendered file: pages/<lang>/<page>.html. */
  page: string;
  titleKey: string;
  descriptionKey: string;
  /** The link text in the header or footer navigation, when the page is linked there. */
  navKey?: string;
  nav?: 'main' | 'footer';
  view: ComponentType;
}

const page = (path: string, key: string, view: ComponentType, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  page: path === '/' ? 'index' : path.slice(1),
  titleKey: `${key}.title`,
  descriptionKey: `${key}.description`,
  view,
  ...extra,
});

const soon = (path: string, key: string, nav: 'main' | 'footer', navKey: string) =>
  page(path, key, placeholder(`${key}.title`), { nav, navKey });

/** Every page of the site. The build prerenders each in every language and lists it in manifest.json. */
export const routes: RouteDef[] = [
  page('/', 'pages.home', Home),
  soon('/features', 'pages.features', 'main', 'layout.nav.features'),
  soon('/content', 'pages.content', 'main', 'layout.nav.content'),
  soon('/opportunities', 'pages.opportunities', 'main', 'layout.nav.opportunities'),
  soon('/forums', 'pages.forums', 'main', 'layout.nav.forums'),
  soon('/about-us', 'pages.aboutUs', 'main', 'layout.nav.aboutUs'),
  soon('/terms', 'pages.terms', 'footer', 'layout.footer.terms'),
  soon('/privacy', 'pages.privacy', 'footer', 'layout.footer.privacy'),
  soon('/community-standards', 'pages.communityStandards', 'footer', 'layout.footer.communityStandards'),
  soon('/help-center', 'pages.helpCenter', 'footer', 'layout.footer.helpCenter'),
  soon('/contact-us', 'pages.contactUs', 'footer', 'layout.footer.contactUs'),
  page('/components', 'pages.components', Components),
  page('/403', 'status.forbidden', status('status.forbidden')),
  page('/404', 'status.notFound', status('status.notFound')),
  page('/500', 'status.serverError', status('status.serverError')),
  page('/maintenance', 'status.maintenance', status('status.maintenance')),
  page('/coming-soon', 'status.comingSoon', status('status.comingSoon')),
];

export const mainNav = routes.filter((r) => r.nav === 'main');
export const footerNav = routes.filter((r) => r.nav === 'footer');

export const notFound = routes.find((r) => r.page === '404')!;

/** The route at a path inside a language, if there is one. */
export const routeAt = (path: string): RouteDef | undefined => routes.find((r) => r.path === path);

/** The page shown at a path inside a language; unknown paths get the 404 page. */
export const routeFor = (path: string): RouteDef => routeAt(path) ?? notFound;

export const routeByPage = (name: string): RouteDef | undefined => routes.find((r) => r.page === name);
