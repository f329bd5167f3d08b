// The workspace's people pages (app/workspace/people): the list and the cards of the accounts
// a platform admin or an organisation owner manages, the invitation form and one account's
// edit page. Strings in the section "people.ui" (its errors stay on the server: build.mjs
// SERVER_ONLY).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const browse = (view: 'PeopleList' | 'PeopleCards') =>
  lazyView('workspace/people/pages/People', () => import('./pages/People').then((m) => m[view]));
const invite = lazyView('workspace/people/pages/Invite', () => import('./pages/Invite').then((m) => m.PeopleInvite));
const edit = lazyView('workspace/people/pages/Edit', () => import('./pages/Edit').then((m) => m.PeopleEdit));
const sections = ['people.ui'];

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard/user/list', 'people.ui.list', browse('PeopleList'), sections),
  dashboardRoute('/dashboard/user/cards', 'people.ui.cards', browse('PeopleCards'), sections),
  dashboardRoute('/dashboard/user/new', 'people.ui.new', invite, sections),
  // ":id" is any one segment: one prerendered page for every account.
  { ...dashboardRoute('/dashboard/user/:id/edit', 'people.ui.editPage', edit, sections), page: 'dashboard/user/edit' },
];
