// The workspace's home (/dashboard/app), the permission table and the shell's empty page.
// Loaded when one of their paths is opened (app/routes.tsx, routeModules). Strings in the
// catalog sections "home" and "home.permission" (i18n/*/workspace-home.json).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';
import { routes as analytics } from '../analytics/routes';
import { routes as files } from '../files/routes';
import { routes as mail } from '../mail/routes';

type HomePage = 'Home' | 'Permissions' | 'Blank';
const view = (name: HomePage) => lazyView('workspace/home/pages/index', () => import('./pages/index').then((m) => m[name]));

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard/app', 'dashboard.app', view('Home'), ['home']),
  dashboardRoute('/dashboard/permission', 'dashboard.permission', view('Permissions'), ['home.permission']),
  dashboardRoute('/dashboard/blank', 'dashboard.blank', view('Blank')),
  // The analytics', the file manager's and the mailbox's pages (their own chunks; their paths are in the
  // home's entry of app/routes.tsx).
  ...analytics,
  ...files,
  ...mail,
];
