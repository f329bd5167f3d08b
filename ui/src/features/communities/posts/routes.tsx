// Posts after /content (in the core table: the main navigation links to it): the list /post,
// one post or topic, and the author's dashboard pages. Strings in the section "posts" (its
// errors stay on the server: build.mjs SERVER_ONLY). ":slug", ":community", ":forum", ":topic"
// are any one segment.
import { lazyView, page, type LazyView, type PageComponent, type RouteDef } from '../../../app/routeKit';

const postView = (file: string, load: () => Promise<{ View: PageComponent }>) =>
  lazyView(`communities/posts/pages/${file}`, () => load().then((m) => m.View));
/** The lists and one post or topic (one chunk; /content uses it too). */
const postPublic = postView('Posts', () => import('./pages/Posts'));
const postDash = postView('Dashboard', () => import('./pages/Dashboard'));

/** [path, view, its variant (the title is posts.titles.<variant>)]; the prerendered file is the path without colons. */
const list: [string, LazyView, string][] = [
  ['/post', postPublic, 'all'],
  ['/post/:slug', postPublic, 'post'],
  ['/forums/:community/:forum/:topic', postPublic, 'topic'],
  ['/dashboard/post', postDash, 'mine'],
  // Also /dashboard/post/new (the editor of a new post: its view tells by the slug).
  ['/dashboard/post/:slug', postDash, 'manage'],
  ['/dashboard/post/:slug/edit', postDash, 'edit'],
];

export const routes: RouteDef[] = list.map(([path, view, v]) =>
  page(path, `posts.titles.${v}`, view, {
    page: path.slice(1).replace(/:/g, ''),
    props: { view: v },
    // The comments' and the poll's words (features/communities/discussion) where they show.
    sections: view === postDash ? ['posts', 'dashboard', 'status.forbidden', 'discussion'] : ['posts', ...(v === 'post' || v === 'topic' ? ['discussion'] : [])],
    public: v === 'all',
  }),
);
