// The dashboard pages of accounts (home, profile, account, organization) and the notifications
// list. Loaded when one of their paths is opened (app/routes.tsx, routeModules).
import { dashboardRoute, lazyView, type RouteDef } from '../../app/routeKit';

type DashboardPage = 'DashboardHome' | 'DashboardProfile' | 'DashboardAccount' | 'DashboardOrganization';
const dashboardView = (name: DashboardPage) => lazyView('accounts/dashboard/index', () => import('./pages/dashboard/index').then((m) => m[name]));
// The notifications list comes on its own (the bell links to it from every page).
const notificationsPage = lazyView('notifications/Notifications', () => import('../notifications/pages/Notifications').then((m) => m.DashboardNotifications));

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard', 'dashboard.home', dashboardView('DashboardHome'), ['dashboard.home']),
  dashboardRoute('/dashboard/user/profile', 'dashboard.profile', dashboardView('DashboardProfile'), ['dashboard.profile', 'dashboard.profileForm', 'dashboard.home', 'auth.errors']),
  dashboardRoute('/dashboard/notifications', 'dashboard.notifications', notificationsPage, ['notifications']),
  dashboardRoute('/dashboard/user/account', 'dashboard.account', dashboardView('DashboardAccount'), ['account', 'dashboard.profileForm', 'auth.register', 'auth.errors']),
  dashboardRoute('/dashboard/organization', 'dashboard.organization', dashboardView('DashboardOrganization'), ['dashboard.organization']),
];
