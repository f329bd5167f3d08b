// The banking page: /dashboard/banking, for an organisation's owner (its money) and platform
// admins (the platform's, and the bank transfers waiting). Strings in the catalog section
// "banking" (i18n/*/payments.json; its errors and export words stay on the server).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const view = lazyView('store/banking/pages/Banking', () => import('./pages/Banking').then((m) => m.Banking));

export const routes: RouteDef[] = [dashboardRoute('/dashboard/banking', 'dashboard.banking', view, ['banking', 'payouts'])];
