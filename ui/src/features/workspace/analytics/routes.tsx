// The workspace's analytics: /dashboard/analytics, for an organisation's owner and managers
// (their organisation's figures) and platform admins (the platform's). Strings in the catalog
// section "workspaceAnalytics" (i18n/*/workspace-analytics.json).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const view = lazyView('workspace/analytics/pages/Analytics', () => import('./pages/Analytics').then((m) => m.Analytics));

export const routes: RouteDef[] = [dashboardRoute('/dashboard/analytics', 'dashboard.analytics', view, ['workspaceAnalytics'])];
