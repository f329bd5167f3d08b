// A post or topic in a list: its cover (the 400 and 800 px sizes), title, who and where, the
// excerpt and its tags (each a link to the list of that tag).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDate } from '../../../../lib/formatTime';
import type { PostSummary } from '../api';

export function PostMeta({ p }: { p: PostSummary }) {
  const { t } = useTranslation();
  const where = p.community.name ? [p.community.name, p.community.forumName].filter(Boolean).join(' · ') : t('posts.list.platform');
  return (
    <p class="post-card__meta muted">
      {p.author.name} · {where}
      {p.publishedAt && (
        <>
          {' · '}
          <time dateTime={p.publishedAt}>{formatDate(t, p.publishedAt)}</time>
        </>
      )}
    </p>
  );
}

export function Tags({ tags }: { tags: string[] }) {
  const { t } = useTranslation();
  if (!tags.length) return null;
  return (
    <ul class="post-tags" aria-label={t('posts.list.tags')}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link href={`/post?tag=${encodeURIComponent(tag)}`}>#{tag}</Link>
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ p }: { p: PostSummary }) {
  const small = (p.cover?.sizes ?? []).filter((s) => s.width <= 800) ?? [];
  return (
    <article class="post-card">
      {p.cover && small.length > 0 && (
        <img
          class="post-card__cover"
          src={small[small.length - 1].url}
          srcSet={small.map((s) => `${s.url} ${s.width}w`).join(', ')}
          sizes="(max-width: 600px) 100vw, 240px"
          width={small[0].width}
          height={small[0].height}
          alt=""
          loading="lazy"
        />
      )}
      <div class="post-card__text">
        <h2 class="post-card__title">
          <Link href={p.path}>{p.title}</Link>
        </h2>
        <PostMeta p={p} />
        {p.excerpt && <p class="post-card__excerpt">{p.excerpt}</p>}
        <Tags tags={p.tags ?? []} />
      </div>
    </article>
  );
}
