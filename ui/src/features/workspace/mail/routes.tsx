// The workspace's mailbox: /dashboard/mail (folders, labels, threads, compose). Strings in the
// section "workspaceMail" (its errors and notifications stay on the server: build.mjs
// SERVER_ONLY).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const mailPage = lazyView('workspace/mail/pages/Mail', () => import('./pages/Mail').then((m) => m.DashboardMail));

export const routes: RouteDef[] = [dashboardRoute('/dashboard/mail', 'workspaceMail', mailPage, ['workspaceMail'])];
