// Opportunities after the list page (which is in the core table: the main navigation links to
// it): one posting, an organisation's page, the applicant's pages, and the organisation's
// dashboard (postings, the applicant board, the approval queue). Strings in the section
// "opportunities" (its server-only parts stay out: build.mjs SERVER_ONLY) and, on the
// dashboard, "opportunitiesDashboard".
import { dashboardRoute, lazyView, page, type LazyView, type PageComponent, type RouteDef } from '../../app/routeKit';

const oppPosting = lazyView('opportunities/Posting', () => import('./pages/Posting').then((m) => m.Posting));
const oppOrganization = lazyView('opportunities/Organization', () => import('./pages/Organization').then((m) => m.Organization));
const oppMine = lazyView('opportunities/Mine', () => import('./pages/Mine').then((m) => m.Mine));

type OppPage = 'Postings' | 'Posting' | 'Edit' | 'Kanban' | 'Approvals';
const oppView = (file: OppPage, load: () => Promise<Record<string, unknown>>) =>
  lazyView(`opportunities/dashboard/pages/${file}`, () => load().then((m) => m[file] as PageComponent));
const oppPostings = oppView('Postings', () => import('./dashboard/pages/Postings'));
const oppDashPosting = oppView('Posting', () => import('./dashboard/pages/Posting'));
const oppEdit = oppView('Edit', () => import('./dashboard/pages/Edit'));
/** An opportunities dashboard page: the dashboard's words and its own (the value lists load after: see its pages). */
const opp = (path: string, view: LazyView, extra: Partial<RouteDef> = {}, key = `dashboard.${path.split('/')[2]}s`) =>
  page(path, key, view, { sections: ['dashboard', 'status.forbidden', 'opportunitiesDashboard'], ...extra });

export const routes: RouteDef[] = [
  // One prerendered page for every slug (":slug" is any one segment, as the server's manifest matching).
  page('/opportunities/:slug', 'opportunities.posting', oppPosting, { page: 'opportunities/posting', sections: ['opportunities'] }),
  page('/organizations/:slug', 'opportunities.org', oppOrganization, { page: 'organizations/organization', sections: ['opportunities'] }),
  // Titled from the section "opportunities" (the dashboard's own section has only their nav labels).
  // The applicant's interviews (features/workspace/interviews) show on their applications.
  { ...dashboardRoute('/dashboard/applications', 'opportunities.mine.applications', oppMine, ['opportunities', 'workspaceInterviews']), props: { list: 'applications' } },
  { ...dashboardRoute('/dashboard/saved', 'opportunities.mine.saved', oppMine, ['opportunities']), props: { list: 'saved' } },
  ...(['job', 'tour'] as const).flatMap((group) => [
    opp(`/dashboard/${group}`, oppPostings, { props: { group } }),
    // Before ":id", which "new" would match too (the server takes the first match as well).
    opp(`/dashboard/${group}/new`, oppEdit, { props: { group } }),
    // ":id" is any one segment (the server's manifest matching does the same).
    opp(`/dashboard/${group}/:id`, oppDashPosting, { props: { group }, page: `dashboard/${group}/posting` }),
    opp(`/dashboard/${group}/:id/edit`, oppEdit, { props: { group }, page: `dashboard/${group}/edit` }),
  ]),
  opp('/dashboard/kanban', oppView('Kanban', () => import('./dashboard/pages/Kanban')), {}, 'dashboard.kanban'),
  opp('/dashboard/approvals', oppView('Approvals', () => import('./dashboard/pages/Approvals')), {}, 'dashboard.approvals'),
];
