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
    // A community's page and its dashboard page list its upcoming events (features/communities/events).
    sections: [...(path.startsWith('/d') ? [...dashboardSections, 'communities'] : ['communities']), ...(name === 'community' || name === 'manage' ? ['events.ui'] : [])],
  });

// Events: one event (and the form of a new one), before the topics' /forums/:community/:forum/:topic
// ("events" is not a forum's slug). Strings in events.ui (events.errors and events.notify stay on the server).
type EventPage = 'event' | 'newEvent';
const eventView = (name: EventPage) => lazyView('communities/events/pages/Event', () => import('./events/pages/Event').then((m) => m[name]));
const eventRoute = (path: string, name: EventPage, key: string) =>
  page(path, key, eventView(name), { page: path.slice(1).replace(/:/g, ''), sections: ['communities', 'events.ui'] });

// Moderation: the review queue, appeals, one's reports. The report and block dialogs load on
// first use (their words: moderation.ui).
const moderationPage = lazyView('communities/moderation/pages/Moderation', () => import('./moderation/pages/Moderation').then((m) => m.Moderation));

export const routes: RouteDef[] = [
  comm('/forums/:community', 'community'),
  comm('/forums/:community/:forum', 'forum'),
  comm('/u/:handle', 'profile'),
  eventRoute('/forums/:community/events/new', 'newEvent', 'events.ui.newPage'),
  eventRoute('/forums/:community/events/:id', 'event', 'events.ui.page'),
  comm('/dashboard/communities', 'mine'),
  comm('/dashboard/communities/:slug', 'manage'),
  dashboardRoute('/dashboard/moderation', 'moderation.ui', moderationPage, ['moderation.ui']),
  // Posts: the list, one post or topic, the author's pages (the posts part's own routes).
  ...postRoutes,
];
