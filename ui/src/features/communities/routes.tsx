// Communities after their list (/forums, in the core table: the main navigation links to it):
// one community, a forum, a profile, and the dashboard's communities pages. Strings in the
// section "communities" (its errors and notifications stay on the server: build.mjs
// SERVER_ONLY). ":community", ":forum", ":handle", ":slug" are any one segment.
import { dashboardRoute, dashboardSections, lazyView, page, type RouteDef } from '../../app/routeKit';
import { routes as postRoutes } from './posts/routes';

type CommPage = 'community' | 'forum' | 'profile' | 'mine' | 'manage';
const commView = (name: CommPage) =>
  name === 'mine' || name === 'manage'
    ? lazyView('communities/community/pages/Dashboard', () => import('./community/pages/Dashboard').then((m) => m[name]))
    : lazyView('communities/community/pages/Public', () => import('./community/pages/Public').then((m) => m[name]));
/** A communities page, titled communities.<name>; the dashboard's with the dashboard's words. */
const comm = (path: string, name: CommPage) =>
  page(path, `communities.${name}`, commView(name), {
    page: path.slice(1).replace(/:/g, ''),
    sections: path.startsWith('/d') ? [...dashboardSections, 'communities'] : ['communities'],
  });

// Moderation: the review queue, appeals, one's reports. The report and block dialogs load on
// first use (their words: moderation.ui).
const moderationPage = lazyView('communities/moderation/pages/Moderation', () => import('./moderation/pages/Moderation').then((m) => m.Moderation));

export const routes: RouteDef[] = [
  comm('/forums/:community', 'community'),
  comm('/forums/:community/:forum', 'forum'),
  comm('/u/:handle', 'profile'),
  comm('/dashboard/communities', 'mine'),
  comm('/dashboard/communities/:slug', 'manage'),
  dashboardRoute('/dashboard/moderation', 'moderation.ui', moderationPage, ['moderation.ui']),
  // Posts: the list, one post or topic, the author's pages (the posts part's own routes).
  ...postRoutes,
];
