import { formatDate } from '../lib/format';
import { addModuleSections, type SectionLoaders } from '../lib/lazy';
import { dashboardSections, footer, formSections, lazyView, page, type FooterGroup, type RouteDef, site } from './routeKit';

export { dashboardSections, formSections, type FooterGroup, type RouteDef };

/** The catalog versions of each legal document (i18n/content/legal.*.json), newest first. */
declare const __LEGAL_VERSIONS__: Record<string, string[]>;

// ---- views: one chunk per page or group of pages ----

const home = lazyView('site/Home', () => import('../features/site/pages/Home').then((m) => m.Home));
const sections = (name: 'Features' | 'AboutUs') =>
  lazyView('site/Sections', () => import('../features/site/pages/Sections').then((m) => m[name]));
const universities = lazyView('site/Universities', () => import('../features/site/pages/Universities').then((m) => m.Universities));
// Plans are data (app/store/billing): /pricing reads them, /payment subscribes.
const pricing = lazyView('store/billing/pages/Pricing', () => import('../features/store/billing/pages/Pricing').then((m) => m.Pricing));
const payment = lazyView('store/billing/pages/Pricing', () => import('../features/store/billing/pages/Pricing').then((m) => m.Payment));
const volunteer = lazyView('site/Programs', () => import('../features/site/pages/Programs').then((m) => m.Volunteer));
const roadmap = lazyView('site/Programs', () => import('../features/site/pages/Programs').then((m) => m.Roadmap));
const legal = lazyView('site/Legal', () => import('../features/site/pages/Legal').then((m) => m.Legal));
const helpCenter = lazyView('site/Faq', () => import('../features/site/pages/Faq').then((m) => m.HelpCenter));
const faq = lazyView('site/Faq', () => import('../features/site/pages/Faq').then((m) => m.Faq));
const supportCenter = lazyView('site/Support', () => import('../features/site/pages/Support').then((m) => m.SupportCenter));
const contactUs = lazyView('site/Support', () => import('../features/site/pages/Support').then((m) => m.ContactUs));
const chat = lazyView('site/StartChat', () => import('../features/site/pages/StartChat').then((m) => m.StartChat));
const components = lazyView('site/Components', () => import('../features/site/pages/Components').then((m) => m.Components));
const status = (key: string) => lazyView('site/Status', () => import('../features/site/pages/Status').then((m) => m.status(key)));
/** A page whose content comes later: its title and an honest note. */
export const placeholder = (titleKey: string) =>
  lazyView('site/Placeholder', () => import('../features/site/pages/Placeholder').then((m) => m.placeholder(titleKey)));

const oppBrowse = lazyView('opportunities/Browse', () => import('../features/opportunities/pages/Browse').then((m) => m.Browse));
const boardStart = lazyView('directionboard/Board', () => import('../features/directionboard/pages/Board').then((m) => m.DirectionBoard));
const unsubscribe = lazyView('notifications/Unsubscribe', () => import('../features/notifications/pages/Unsubscribe').then((m) => m.UnsubscribePage));

type AuthPage = 'Login' | 'Register' | 'Verify' | 'ForgotPassword' | 'NewPassword' | 'Invitation';
const authView = (name: AuthPage) => lazyView('accounts/auth/index', () => import('../features/accounts/pages/auth/index').then((m) => m[name]));
/** A sign-in page; its strings come with it (section "auth"). */
const authRoute = (path: string, key: string, name: AuthPage) => page(path, key, authView(name), { sections: ['auth', 'auth.errors', 'auth.register'] });
const authRoutes: RouteDef[] = [
  authRoute('/auth/login', 'auth.login', 'Login'),
  authRoute('/auth/register', 'auth.register', 'Register'),
  authRoute('/auth/verify', 'auth.verify', 'Verify'),
  authRoute('/auth/forgot-password', 'auth.forgot', 'ForgotPassword'),
  authRoute('/auth/new-password', 'auth.newPassword', 'NewPassword'),
  page('/auth/invitation', 'auth.invitation', authView('Invitation'), { sections: ['auth', 'auth.errors', 'auth.register', 'roles'] }),
];

/** The legal documents: the current version at /<doc>, every version at /<doc>/v/<effective date>. */
const legalDocs: [doc: string, key: string, navKey: string][] = [
  ['terms', 'pages.terms', 'layout.footer.terms'],
  ['terms-and-conditions', 'pages.termsAndConditions', 'layout.footer.termsAndConditions'],
  ['privacy', 'pages.privacy', 'layout.footer.privacy'],
  ['community-standards', 'pages.communityStandards', 'layout.footer.communityStandards'],
];

const legalRoutes = (): RouteDef[] =>
  legalDocs.flatMap(([doc, key, navKey]) => {
    const sections = [key, 'pages.legal', `data.legal.${doc}`];
    const versions = __LEGAL_VERSIONS__[doc] ?? [];
    if (!versions.length) throw new Error(`legal document ${doc} has no version`);
    return [
      site(`/${doc}`, key, legal, { sections, props: { doc }, ...footer('legal', navKey) }),
      ...versions.map((version) =>
        site(`/${doc}/v/${version}`, key, legal, {
          sections,
          props: { doc, version },
          titleKey: 'pages.legal.versionTitle',
          titleArgs: (t) => ({ title: t(`${key}.title`), date: formatDate(t, version) }),
        }),
      ),
    ];
  });

const faqSections = ['pages.helpCenter', 'pages.faq', 'data.faq'];



// The communities list (the main navigation links to it); one community, a forum, a profile and
// the dashboard's communities pages are the route module features/communities/routes.tsx.
const forums = lazyView('communities/community/pages/Public', () => import('../features/communities/community/pages/Public').then((m) => m.forums));
// /content is the platform's published posts (the posts' public chunk; the rest of posts is the
// route module features/communities/posts/routes.tsx).
const contentPosts = lazyView('communities/posts/pages/Posts', () => import('../features/communities/posts/pages/Posts').then((m) => m.View));


/** Every page of the site. The build prerenders each in every language and lists it in manifest.json. */
export const routes: RouteDef[] = [
  site('/', 'pages.home', home),
  site('/features', 'pages.features', sections('Features'), { nav: 'main', navKey: 'layout.nav.features', sections: ['pages.features', 'pages.upcoming'] }),
  site('/content', 'pages.content', contentPosts, { nav: 'main', navKey: 'layout.nav.content', sections: ['pages.content', 'posts'] }),
  site('/opportunities', 'pages.opportunities', oppBrowse, {
    nav: 'main',
    navKey: 'layout.nav.opportunities',
    sections: ['pages.opportunities', 'opportunities', 'data.countries'],
  }),
  site('/forums', 'pages.forums', forums, { nav: 'main', navKey: 'layout.nav.forums', sections: ['pages.forums', 'communities'] }),
  site('/about-us', 'pages.aboutUs', sections('AboutUs'), { nav: 'main', navKey: 'layout.nav.aboutUs' }),
  site('/pricing', 'pages.pricing', pricing, { sections: ['pages.pricing', 'storeBilling.pricing'], ...footer('explore', 'layout.footer.pricing') }),
  site('/payment', 'pages.payment', payment, { sections: ['pages.payment', 'pages.pricing', 'storeBilling.pricing', 'storeBilling.pay'] }),
  site('/universities', 'pages.universities', universities, {
    sections: ['pages.universities', 'data.universities'],
    ...footer('explore', 'layout.footer.universities'),
  }),
  site('/programs/cultural-volunteer', 'pages.volunteer', volunteer, footer('programs', 'layout.footer.volunteer')),
  site('/programs/road-map', 'pages.roadmap', roadmap, footer('programs', 'layout.footer.roadmap')),
  site('/help-center', 'pages.helpCenter', helpCenter, { sections: faqSections, ...footer('help', 'layout.footer.helpCenter') }),
  site('/faq', 'pages.faq', faq, { sections: faqSections, ...footer('help', 'layout.footer.faq') }),
  site('/support-center', 'pages.supportCenter', supportCenter, {
    sections: ['pages.supportCenter', 'pages.contact', 'data.faqPopular', ...formSections('support')],
    ...footer('help', 'layout.footer.supportCenter'),
  }),
  site('/contact-us', 'pages.contactUs', contactUs, {
    sections: ['pages.contactUs', 'pages.contact', ...formSections('contact')],
    ...footer('help', 'layout.footer.contactUs'),
  }),
  site('/chat', 'pages.startChat', chat, { sections: ['pages.startChat', 'pages.contact'] }),
  ...legalRoutes(),
  ...authRoutes,
  // The page an email's unsubscribe link opens (the list is a dashboard page).
  page('/notifications/unsubscribe', 'notifications.unsubscribe', unsubscribe, { sections: ['notifications'] }),
  // The Direction Board's start page (the footer links to it); its other pages are a route module.
  page('/direction-board', 'directionBoard.pages.board', boardStart, {
    sections: ['directionBoard'],
    public: true,
    ...footer('explore', 'layout.footer.directionBoard'),
  }),
  // The score chart in the gallery speaks the Direction Board's words (its section).
  page('/components', 'pages.components', components, { sections: ['pages.components', 'directionBoard'] }),
  // Their words come with them (the dashboard's pages load the 403 text too: they show it in place).
  page('/403', 'status.forbidden', status('status.forbidden'), { sections: ['status.forbidden'] }),
  page('/404', 'status.notFound', status('status.notFound'), { sections: ['status.notFound'] }),
  page('/500', 'status.serverError', status('status.serverError'), { sections: ['status.serverError'] }),
  page('/maintenance', 'status.maintenance', status('status.maintenance'), { sections: ['status.maintenance'] }),
  page('/coming-soon', 'status.comingSoon', status('status.comingSoon'), { sections: ['status.comingSoon'] }),
];

// ---- route modules: the routes of a capability come with it ----

/**
 * A capability's routes, loaded the first time one of its paths is opened (and preloaded with
 * its pages' HTML), so every page does not carry every route. `paths` are its routes' paths,
 * known before it loads (routes.test.ts checks that they match); `from` names the module for
 * the build.
 */
interface RouteModule {
  from: string;
  paths: string[];
  load: () => Promise<{ routes: RouteDef[] }>;
  state?: Promise<void>;
  loaded?: boolean;
}

const dash = (...paths: string[]) => paths.map((p) => `/dashboard${p}`);
const postingPaths = (group: string) => dash(`/${group}`, `/${group}/new`, `/${group}/:id`, `/${group}/:id/edit`);

export const routeModules: RouteModule[] = [
  {
    from: 'ui/src/features/accounts/routes.tsx',
    paths: ['/dashboard', ...dash('/user/profile', '/notifications', '/user/account', '/organization')],
    load: () => import('../features/accounts/routes'),
  },
  {
    from: 'ui/src/features/admin/routes.tsx',
    paths: dash('/admin/outbox', '/admin/audit', '/admin/faq', '/admin/universities', '/admin/direction-board', '/admin/settings'),
    load: () => import('../features/admin/routes'),
  },
  {
    from: 'ui/src/features/directionboard/routes.tsx',
    paths: ['/direction-board/result', '/direction-board/results/:token', '/direction-board/sent'],
    load: () => import('../features/directionboard/routes'),
  },
  {
    from: 'ui/src/features/forms/routes.tsx',
    paths: ['/programs/cultural-volunteer/register', '/programs/road-map/register', '/support-center/delete-submission', ...dash('/forms', '/forms/:form/:id')],
    load: () => import('../features/forms/routes'),
  },
  {
    from: 'ui/src/features/opportunities/routes.tsx',
    paths: ['/opportunities/:slug', '/organizations/:slug', ...dash('/applications', '/saved'), ...postingPaths('job'), ...postingPaths('tour'), ...dash('/kanban', '/approvals')],
    load: () => import('../features/opportunities/routes'),
  },
  {
    from: 'ui/src/features/communities/routes.tsx',
    paths: ['/forums/:community', '/forums/:community/:forum', '/u/:handle', ...dash('/communities', '/communities/:slug', '/moderation')].concat(
      // Posts (features/communities/posts/routes.tsx, brought by the communities' module).
      ['/post', '/post/:slug', '/forums/:community/:forum/:topic', ...dash('/post', '/post/:slug', '/post/:slug/edit')],
      // Events (features/communities/events, in the communities' module).
      ['/forums/:community/events/new', '/forums/:community/events/:id'],
    ),
    load: () => import('../features/communities/routes'),
  },
  {
    from: 'ui/src/features/workspace/people/routes.tsx',
    paths: dash('/user/list', '/user/cards', '/user/new', '/user/:id/edit'),
    load: () => import('../features/workspace/people/routes'),
  },
  {
    from: 'ui/src/features/workspace/calendar/routes.tsx',
    paths: dash('/calendar', '/booking'),
    load: () => import('../features/workspace/calendar/routes'),
  },
  {
    from: 'ui/src/features/workspace/home/routes.tsx',
    // The analytics', the file manager's and the mailbox's pages ride on the home's module (their routes.tsx,
    // brought by it): fewer entries in the core table, which is at its byte budget.
    paths: dash('/app', '/permission', '/blank', '/analytics', '/file-manager', '/file', '/mail'),
    load: () => import('../features/workspace/home/routes'),
  },
  {
    from: 'ui/src/features/workspace/chat/routes.tsx',
    paths: dash('/chat'),
    load: () => import('../features/workspace/chat/routes'),
  },
  {
    // The store: the shop, billing and banking (features/store/routes.tsx brings all three).
    from: 'ui/src/features/store/routes.tsx',
    paths: ['/product', '/product/checkout', '/product/:id'].concat(
      dash('/orders', '/orders/:id', '/product', '/product/new', '/product/:id', '/product/:id/edit', '/order', '/order/:id', '/ecommerce'),
      dash('/subscription', '/invoice', '/invoice/new', '/invoice/settings', '/invoice/:id', '/invoice/:id/edit', '/plans', '/banking'),
    ),
    load: () => import('../features/store/routes'),
  },
];

/** Whether a route's path ("/direction-board/results/:token") matches a path; ":name" is any one segment. */
const matches = (pattern: string, path: string): boolean => {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i]));
};

/** The route module that serves a path and has not loaded yet, if any. */
const moduleFor = (path: string): RouteModule | undefined =>
  routeModules.find((m) => !m.loaded && m.paths.some((p) => p === path || (p.includes('/:') && matches(p, path))));

/** Loads a route module once: its routes join the table. */
function loadModule(m: RouteModule): Promise<void> {
  m.state ??= m.load().then(
    (mod) => {
      if (m.loaded) return;
      const more = mod.routes;
      // The loaders of the sections only this module's pages use (ui/build.mjs adds them).
      addModuleSections((mod as { __sections?: SectionLoaders }).__sections);
      for (const r of more) routes.push({ ...r, from: m.from });
      m.loaded = true;
    },
    (err) => {
      m.state = undefined; // let a later attempt try again
      throw err;
    },
  );
  return m.state;
}

/** Loads the route module of a path, if it has one that has not loaded (before showing the path). */
export const loadRoutesFor = async (path: string): Promise<void> => {
  const m = moduleFor(path);
  if (m) await loadModule(m);
};

/** Loads every route module (prerendering, tests). */
export const loadAllRoutes = (): Promise<void> => Promise.all(routeModules.map(loadModule)).then(() => undefined);

/** Whether the site has a page at a path (loaded or not). */
export const hasRoute = (path: string): boolean => !!routeAt(path) || !!moduleFor(path);

export const mainNav = routes.filter((r) => r.nav === 'main');
export const footerNav = routes.filter((r) => r.nav === 'footer');
export const footerGroups: FooterGroup[] = ['explore', 'programs', 'help', 'legal'];

export const notFound = routes.find((r) => r.page === '404')!;

/** The route at a path inside a language, if there is one. */
export const routeAt = (path: string): RouteDef | undefined =>
  routes.find((r) => r.path === path) ?? routes.find((r) => r.path.includes('/:') && matches(r.path, path));

/**
 * The page shown at a path inside a language; unknown paths get the 404 page. A path whose route
 * module has not loaded gets a stand-in marked `pending`: load it with resolveRoute.
 */
export const routeFor = (path: string): RouteDef => routeAt(path) ?? (moduleFor(path) ? { ...notFound, pending: true } : notFound);

/** The route at a path once its route module is in. */
export const resolveRoute = (path: string): Promise<RouteDef> => loadRoutesFor(path).then(() => routeFor(path));

export const routeByPage = (name: string): RouteDef | undefined => routes.find((r) => r.page === name);
