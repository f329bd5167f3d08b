// The platform admins' pages: outbox, audit log, settings, and the content they edit (FAQ,
// universities, the Direction Board). Each comes on its own chunk (only admins open them).
import { dashboardRoute, lazyView, type RouteDef } from '../../app/routeKit';

const adminOutbox = lazyView('admin/Outbox', () => import('./pages/Outbox').then((m) => m.DashboardOutbox));
const adminAudit = lazyView('admin/Audit', () => import('./pages/Audit').then((m) => m.DashboardAudit));
const adminSettings = lazyView('admin/Settings', () => import('./pages/Settings').then((m) => m.DashboardSettings));
const adminFaq = lazyView('content/AdminFaq', () => import('../content/pages/AdminFaq').then((m) => m.AdminFaq));
const adminUniversities = lazyView('content/AdminUniversities', () => import('../content/pages/AdminUniversities').then((m) => m.AdminUniversities));
const adminDirectionBoard = lazyView('directionboard/AdminDirectionBoard', () =>
  import('../directionboard/pages/AdminDirectionBoard').then((m) => m.AdminDirectionBoard),
);

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard/admin/outbox', 'dashboard.outbox', adminOutbox, ['dashboard.outbox']),
  dashboardRoute('/dashboard/admin/audit', 'dashboard.audit', adminAudit, ['dashboard.audit']),
  dashboardRoute('/dashboard/admin/faq', 'dashboard.faq', adminFaq, ['dashboard.faq', 'dashboard.content']),
  dashboardRoute('/dashboard/admin/universities', 'dashboard.universities', adminUniversities, ['dashboard.universities', 'dashboard.content']),
  dashboardRoute('/dashboard/admin/direction-board', 'dashboard.directionBoard', adminDirectionBoard, ['dashboard.directionBoard']),
  dashboardRoute('/dashboard/admin/settings', 'dashboard.settings', adminSettings, ['dashboard.settings']),
];
