import type { TFunction } from 'i18next';
import { formatDate } from '../lib/format';
import { lazyView, type LazyView, type PageComponent } from '../lib/lazy';

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
}

export type FooterGroup = 'explore' | 'programs' | 'help' | 'legal';

/** The catalog versions of each legal document (i18n/content/legal.*.json), newest first. */
declare const __LEGAL_VERSIONS__: Record<string, string[]>;

const page = (path: string, key: string, view: LazyView, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  page: path === '/' ? 'index' : path.slice(1),
  titleKey: `${key}.title`,
  descriptionKey: `${key}.description`,
  view,
  ...extra,
});

// ---- views: one chunk per page or group of pages ----

const home = lazyView('site/Home', () => import('../features/site/pages/Home').then((m) => m.Home));
const sections = (name: 'Features' | 'Content' | 'Forums' | 'AboutUs') =>
  lazyView('site/Sections', () => import('../features/site/pages/Sections').then((m) => m[name]));
const universities = lazyView('site/Universities', () => import('../features/site/pages/Universities').then((m) => m.Universities));
const pricing = lazyView('site/Pricing', () => import('../features/site/pages/Pricing').then((m) => m.Pricing));
const payment = lazyView('site/Pricing', () => import('../features/site/pages/Pricing').then((m) => m.Payment));
const volunteer = lazyView('site/Programs', () => import('../features/site/pages/Programs').then((m) => m.Volunteer));
const roadmap = lazyView('site/Programs', () => import('../features/site/pages/Programs').then((m) => m.Roadmap));
const legal = lazyView('site/Legal', () => import('../features/site/pages/Legal').then((m) => m.Legal));
const helpCenter = lazyView('site/Faq', () => import('../features/site/pages/Faq').then((m) => m.HelpCenter));
const faq = lazyView('site/Faq', () => import('../features/site/pages/Faq').then((m) => m.Faq));
const supportCenter = lazyView('site/Support', () => import('../features/site/pages/Support').then((m) => m.SupportCenter));
const contactUs = lazyView('site/Support', () => import('../features/site/pages/Support').then((m) => m.ContactUs));
const chat = lazyView('site/Support', () => import('../features/site/pages/Support').then((m) => m.StartChat));
const components = lazyView('site/Components', () => import('../features/site/pages/Components').then((m) => m.Components));
const status = (key: string) => lazyView('site/Status', () => import('../features/site/pages/Status').then((m) => m.status(key)));
/** A page whose content comes later: its title and an honest note. */
export const placeholder = (titleKey: string) =>
  lazyView('site/Placeholder', () => import('../features/site/pages/Placeholder').then((m) => m.placeholder(titleKey)));

/** A public page of the site; its catalog section is its key unless told otherwise. */
const site = (path: string, key: string, view: LazyView, extra: Partial<RouteDef> = {}) =>
  page(path, key, view, { public: true, sections: [key], ...extra });

const footer = (group: FooterGroup, navKey: string): Partial<RouteDef> => ({ nav: 'footer', group, navKey });

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

// ---- accounts: the sign-in pages and the dashboard ----

type AuthPage = 'Login' | 'Register' | 'Verify' | 'ForgotPassword' | 'NewPassword' | 'Invitation';
const authView = (name: AuthPage) => lazyView('accounts/auth/index', () => import('../features/accounts/pages/auth/index').then((m) => m[name]));
type DashboardPage = 'DashboardHome' | 'DashboardProfile' | 'DashboardAccount' | 'DashboardOrganization';
const dashboardView = (name: DashboardPage) => lazyView('accounts/dashboard/index', () => import('../features/accounts/pages/dashboard/index').then((m) => m[name]));
// The notifications list comes on its own (the bell links to it from every page).
const notificationsPage = lazyView('notifications/Notifications', () => import('../features/notifications/pages/Notifications').then((m) => m.DashboardNotifications),
);
// The admin pages come on their own (only admins open them; the others' dashboard chunk stays small).
const adminOutbox = lazyView('admin/Outbox', () => import('../features/admin/pages/Outbox').then((m) => m.DashboardOutbox));
const adminAudit = lazyView('admin/Audit', () => import('../features/admin/pages/Audit').then((m) => m.DashboardAudit));
const adminSettings = lazyView('admin/Settings', () => import('../features/admin/pages/Settings').then((m) => m.DashboardSettings));
const adminFaq = lazyView('content/AdminFaq', () => import('../features/content/pages/AdminFaq').then((m) => m.AdminFaq));
const adminUniversities = lazyView('content/AdminUniversities', () => import('../features/content/pages/AdminUniversities').then((m) => m.AdminUniversities),
);
const adminDirectionBoard = lazyView('directionboard/AdminDirectionBoard', () => import('../features/directionboard/pages/AdminDirectionBoard').then((m) => m.AdminDirectionBoard),
);

/** A sign-in page; its strings come with it (section "auth"). */
const authRoute = (path: string, key: string, name: AuthPage) => page(path, key, authView(name), { sections: ['auth'] });
/** A dashboard page (the server lets only allowed roles open it); its strings come with it. */
const dashboardSections = ['auth', 'account', 'dashboard', 'roles'];
const dashboardRoute = (path: string, key: string, view: LazyView, more: string[] = []) =>
  page(path, key, view, { sections: [...dashboardSections, ...more] });

const accountRoutes: RouteDef[] = [
  authRoute('/auth/login', 'auth.login', 'Login'),
  authRoute('/auth/register', 'auth.register', 'Register'),
  authRoute('/auth/verify', 'auth.verify', 'Verify'),
  authRoute('/auth/forgot-password', 'auth.forgot', 'ForgotPassword'),
  authRoute('/auth/new-password', 'auth.newPassword', 'NewPassword'),
  page('/auth/invitation', 'auth.invitation', authView('Invitation'), { sections: ['auth', 'roles'] }),
  dashboardRoute('/dashboard', 'dashboard.home', dashboardView('DashboardHome')),
  dashboardRoute('/dashboard/user/profile', 'dashboard.profile', dashboardView('DashboardProfile')),
  dashboardRoute('/dashboard/notifications', 'dashboard.notifications', notificationsPage, ['notifications']),
  dashboardRoute('/dashboard/user/account', 'dashboard.account', dashboardView('DashboardAccount')),
  dashboardRoute('/dashboard/organization', 'dashboard.organization', dashboardView('DashboardOrganization')),
  dashboardRoute('/dashboard/admin/outbox', 'dashboard.outbox', adminOutbox),
  dashboardRoute('/dashboard/admin/audit', 'dashboard.audit', adminAudit),
  dashboardRoute('/dashboard/admin/faq', 'dashboard.faq', adminFaq),
  dashboardRoute('/dashboard/admin/universities', 'dashboard.universities', adminUniversities),
  dashboardRoute('/dashboard/admin/direction-board', 'dashboard.directionBoard', adminDirectionBoard),
  dashboardRoute('/dashboard/admin/settings', 'dashboard.settings', adminSettings),
];

// ---- notifications: the page an email's unsubscribe link opens (the list is a dashboard page) ----

const unsubscribe = lazyView('notifications/Unsubscribe', () => import('../features/notifications/pages/Unsubscribe').then((m) => m.UnsubscribePage));
const notificationRoutes: RouteDef[] = [
  page('/notifications/unsubscribe', 'notifications.unsubscribe', unsubscribe, { sections: ['notifications'] }),
];

// ---- the Direction Board career test: one chunk, its strings in the section "directionBoard" ----

type BoardPage = 'DirectionBoard' | 'BoardResult' | 'SharedResult' | 'BoardSent';
const boardView = (name: BoardPage) => lazyView('directionboard/Board', () => import('../features/directionboard/pages/Board').then((m) => m[name]));
const board = (path: string, key: string, name: BoardPage, extra: Partial<RouteDef> = {}) =>
  page(path, key, boardView(name), { sections: ['directionBoard'], ...extra });

const boardRoutes: RouteDef[] = [
  board('/direction-board', 'directionBoard.pages.board', 'DirectionBoard', { public: true, ...footer('explore', 'layout.footer.directionBoard') }),
  board('/direction-board/result', 'directionBoard.pages.result', 'BoardResult'),
  // The emailed link; ":token" is any one segment (the server's manifest matching does the same).
  board('/direction-board/results/:token', 'directionBoard.pages.shared', 'SharedResult', { page: 'direction-board/shared-result' }),
  board('/direction-board/sent', 'directionBoard.pages.sent', 'BoardSent'),
];

// ---- forms: the program registrations and the staff desk; strings in the "forms.*" sections ----

const volunteerRegister = lazyView('forms/Volunteer', () => import('../features/forms/pages/Volunteer').then((m) => m.VolunteerRegister));
const roadmapRegister = lazyView('forms/Roadmap', () => import('../features/forms/pages/Roadmap').then((m) => m.RoadmapRegister));
const withdrawSubmission = lazyView('forms/Withdraw', () => import('../features/forms/pages/Withdraw').then((m) => m.WithdrawSubmission));
const formsDesk = lazyView('forms/desk/Desk', () => import('../features/forms/pages/desk/Desk').then((m) => m.FormsDesk));
const formsSubmission = lazyView('forms/desk/Submission', () => import('../features/forms/pages/desk/Submission').then((m) => m.FormsSubmission),
);
/** The catalog sections a page with forms needs: the shared words, then each form's own. */
const formSections = (...forms: string[]) => ['forms.names', 'forms.errors', 'forms.ui', ...forms.map((f) => `forms.${f}`)];
// The desk fetches the labels of the form a submission belongs to when it shows one; it and
// the volunteer form name countries (data.countries: its own chunk, per language).
const deskSections = [...dashboardSections, 'forms.names', 'forms.ui', 'forms.desk', 'data.countries'];

const formRoutes: RouteDef[] = [
  site('/programs/cultural-volunteer/register', 'forms.volunteer', volunteerRegister, { sections: [...formSections('volunteer'), 'data.countries'] }),
  site('/programs/road-map/register', 'forms.roadmap', roadmapRegister, { sections: formSections('roadmap') }),
  site('/support-center/delete-submission', 'forms.withdraw', withdrawSubmission),
  page('/dashboard/forms', 'dashboard.submissions', formsDesk, { sections: deskSections }),
  // A submission: ":form" and ":id" are any one segment each (the server matches the manifest the same way).
  page('/dashboard/forms/:form/:id', 'forms.desk.detail', formsSubmission, { page: 'dashboard/forms/submission', sections: deskSections }),
];

// ---- opportunities: finding, one posting, an organisation's page, the applicant's pages ----
// Strings in the section "opportunities" (its server-only parts stay out: build.mjs SERVER_ONLY).

const oppBrowse = lazyView('opportunities/Browse', () => import('../features/opportunities/pages/Browse').then((m) => m.Browse));
const oppPosting = lazyView('opportunities/Posting', () => import('../features/opportunities/pages/Posting').then((m) => m.Posting));
const oppOrganization = lazyView('opportunities/Organization', () => import('../features/opportunities/pages/Organization').then((m) => m.Organization));
const oppMine = lazyView('opportunities/Mine', () => import('../features/opportunities/pages/Mine').then((m) => m.Mine));

const opportunityRoutes: RouteDef[] = [
  site('/opportunities', 'pages.opportunities', oppBrowse, {
    nav: 'main',
    navKey: 'layout.nav.opportunities',
    sections: ['pages.opportunities', 'opportunities', 'data.countries'],
  }),
  // One prerendered page for every slug (":slug" is any one segment, as the server's manifest matching).
  page('/opportunities/:slug', 'opportunities.posting', oppPosting, { page: 'opportunities/posting', sections: ['opportunities'] }),
  page('/organizations/:slug', 'opportunities.org', oppOrganization, { page: 'organizations/organization', sections: ['opportunities'] }),
  // Titled from the section "opportunities" (the dashboard's own section has only their nav labels).
  { ...dashboardRoute('/dashboard/applications', 'opportunities.mine.applications', oppMine, ['opportunities']), props: { list: 'applications' } },
  { ...dashboardRoute('/dashboard/saved', 'opportunities.mine.saved', oppMine, ['opportunities']), props: { list: 'saved' } },
];

// ---- opportunities: the organisation's postings, the applicant board, the approval queue ----

type OppPage = 'Postings' | 'Posting' | 'Edit' | 'Kanban' | 'Approvals';
const oppView = (file: OppPage, load: () => Promise<Record<string, unknown>>) =>
  lazyView(`opportunities/dashboard/pages/${file}`, () => load().then((m) => m[file] as PageComponent));
const oppPostings = oppView('Postings', () => import('../features/opportunities/dashboard/pages/Postings'));
const oppDashPosting = oppView('Posting', () => import('../features/opportunities/dashboard/pages/Posting'));
const oppEdit = oppView('Edit', () => import('../features/opportunities/dashboard/pages/Edit'));
/** An opportunities dashboard page: the dashboard's words and its own (the value lists load after: see its pages). */
const opp = (path: string, view: LazyView, extra: Partial<RouteDef> = {}, key = `dashboard.${path.split('/')[2]}s`) =>
  page(path, key, view, { sections: ['dashboard', 'opportunitiesDashboard'], ...extra });
const opportunityDashboardRoutes: RouteDef[] = [
  ...(['job', 'tour'] as const).flatMap((group) => [
    opp(`/dashboard/${group}`, oppPostings, { props: { group } }),
    // Before ":id", which "new" would match too (the server takes the first match as well).
    opp(`/dashboard/${group}/new`, oppEdit, { props: { group } }),
    // ":id" is any one segment (the server's manifest matching does the same).
    opp(`/dashboard/${group}/:id`, oppDashPosting, { props: { group }, page: `dashboard/${group}/posting` }),
    opp(`/dashboard/${group}/:id/edit`, oppEdit, { props: { group }, page: `dashboard/${group}/edit` }),
  ]),
  opp('/dashboard/kanban', oppView('Kanban', () => import('../features/opportunities/dashboard/pages/Kanban')), {}, 'dashboard.kanban'),
  opp('/dashboard/approvals', oppView('Approvals', () => import('../features/opportunities/dashboard/pages/Approvals')), {}, 'dashboard.approvals'),
];

// ---- communities: moderation (the review queue, appeals, one's reports); the report and
// block dialogs load on first use (their words: moderation.ui) ----

const moderationPage = lazyView('communities/moderation/pages/Moderation', () =>
  import('../features/communities/moderation/pages/Moderation').then((m) => m.Moderation),
);
const moderationRoutes: RouteDef[] = [
  dashboardRoute('/dashboard/moderation', 'moderation.ui', moderationPage, ['moderation.ui']),
];

/** Every page of the site. The build prerenders each in every language and lists it in manifest.json. */
export const routes: RouteDef[] = [
  site('/', 'pages.home', home),
  site('/features', 'pages.features', sections('Features'), { nav: 'main', navKey: 'layout.nav.features', sections: ['pages.features', 'pages.upcoming'] }),
  site('/content', 'pages.content', sections('Content'), { nav: 'main', navKey: 'layout.nav.content', sections: ['pages.content', 'pages.upcoming'] }),
  ...opportunityRoutes.slice(0, 1),
  site('/forums', 'pages.forums', sections('Forums'), { nav: 'main', navKey: 'layout.nav.forums', sections: ['pages.forums', 'pages.upcoming'] }),
  site('/about-us', 'pages.aboutUs', sections('AboutUs'), { nav: 'main', navKey: 'layout.nav.aboutUs' }),
  site('/pricing', 'pages.pricing', pricing, footer('explore', 'layout.footer.pricing')),
  site('/payment', 'pages.payment', payment, { sections: ['pages.payment', 'pages.contact'] }),
  site('/universities', 'pages.universities', universities, {
    sections: ['pages.universities', 'data.universities'],
    ...footer('explore', 'layout.footer.universities'),
  }),
  site('/programs/cultural-volunteer', 'pages.volunteer', volunteer, footer('programs', 'layout.footer.volunteer')),
  site('/programs/road-map', 'pages.roadmap', roadmap, footer('programs', 'layout.footer.roadmap')),
  site('/help-center', 'pages.helpCenter', helpCenter, { sections: faqSections, ...footer('help', 'layout.footer.helpCenter') }),
  site('/faq', 'pages.faq', faq, { sections: faqSections, ...footer('help', 'layout.footer.faq') }),
  site('/support-center', 'pages.supportCenter', supportCenter, {
    sections: ['pages.supportCenter', 'pages.contact', 'pages.faq', 'data.faq', ...formSections('support')],
    ...footer('help', 'layout.footer.supportCenter'),
  }),
  site('/contact-us', 'pages.contactUs', contactUs, {
    sections: ['pages.contactUs', 'pages.contact', ...formSections('contact')],
    ...footer('help', 'layout.footer.contactUs'),
  }),
  site('/chat', 'pages.startChat', chat, { sections: ['pages.startChat', 'pages.contact'] }),
  ...legalRoutes(),
  ...accountRoutes,
  ...notificationRoutes,
  ...boardRoutes,
  ...formRoutes,
  ...opportunityRoutes.slice(1),
  ...opportunityDashboardRoutes,
  ...moderationRoutes,
  // The score chart in the gallery speaks the Direction Board's words (its section).
  page('/components', 'pages.components', components, { sections: ['pages.components', 'directionBoard'] }),
  page('/403', 'status.forbidden', status('status.forbidden')),
  // Their words come with them (the 403 text stays in the core: the dashboard shows it in place).
  page('/404', 'status.notFound', status('status.notFound'), { sections: ['status.notFound'] }),
  page('/500', 'status.serverError', status('status.serverError'), { sections: ['status.serverError'] }),
  page('/maintenance', 'status.maintenance', status('status.maintenance'), { sections: ['status.maintenance'] }),
  page('/coming-soon', 'status.comingSoon', status('status.comingSoon'), { sections: ['status.comingSoon'] }),
];

export const mainNav = routes.filter((r) => r.nav === 'main');
export const footerNav = routes.filter((r) => r.nav === 'footer');
export const footerGroups: FooterGroup[] = ['explore', 'programs', 'help', 'legal'];

export const notFound = routes.find((r) => r.page === '404')!;

/** Whether a route's path ("/direction-board/results/:token") matches a path; ":name" is any one segment. */
const matches = (pattern: string, path: string): boolean => {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? got[i] !== '' : seg === got[i]));
};

/** The route at a path inside a language, if there is one. */
export const routeAt = (path: string): RouteDef | undefined =>
  routes.find((r) => r.path === path) ?? routes.find((r) => r.path.includes('/:') && matches(r.path, path));

/** The page shown at a path inside a language; unknown paths get the 404 page. */
export const routeFor = (path: string): RouteDef => routeAt(path) ?? notFound;

export const routeByPage = (name: string): RouteDef | undefined => routes.find((r) => r.page === name);
