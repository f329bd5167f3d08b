// The public pages of posts in one chunk: the lists (/post, /content) and one post or topic.
import { ContentPosts, PostsBrowse } from './Browse';
import { PostRead, TopicRead } from './Read';

/** The route's view (routes.tsx): "all", "post", "topic", or none for /content. */
export const View = ({ view }: { view?: string }) =>
  view === 'all' ? <PostsBrowse /> : view === 'post' ? <PostRead /> : view === 'topic' ? <TopicRead /> : <ContentPosts />;
