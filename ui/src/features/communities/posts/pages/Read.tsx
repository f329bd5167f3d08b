// /post/{slug} and /forums/{community}/{forum}/{topic}: one post or topic. The server renders
// the page with its content (<div data-ssr-slot>) and the detail as the page's data (the shape
// of GET /api/post/details), which the app starts from instead of asking again; moving here
// inside the app, it asks the API.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { useHydrated } from '../../../../lib/query';
import { onApiError } from '../../../../lib/session';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Comments } from '../../discussion/Comments';
import { Poll } from '../../discussion/Poll';
import { PersonMenu, ReportButton } from '../../moderation/ReportButton';
import { readPageData } from '../../../opportunities/pageData';
import { getPost, type PostDetail, setTopicSettings } from '../api';
import { PostMeta, Tags } from '../components/PostCard';
import { useTitle } from '../../../../lib/title';

const R = 'posts.read';

const ssrSlot = (() => {
  let html: string | undefined;
  return () => (html ??= typeof document === 'undefined' ? '' : (document.querySelector('[data-ssr-slot]')?.innerHTML ?? ''));
})();

function usePost(slug: string | null) {
  const [got, setGot] = useState<{ slug: string; data?: PostDetail; error?: ApiError }>();
  const embedded = slug ? readPageData<PostDetail>((d) => d.slug === slug) : undefined;
  useEffect(() => {
    if (!slug || embedded) return;
    let live = true;
    getPost(slug).then(
      (d) => live && setGot({ slug, data: d }),
      (err: ApiError) => {
        onApiError(err);
        if (live) setGot({ slug, error: err });
      },
    );
    return () => {
      live = false;
    };
  }, [slug, embedded]);
  const current = got?.slug === slug ? got : slug && embedded ? { slug, data: embedded } : undefined;
  return { current, replace: (data: PostDetail) => slug && setGot({ slug, data }) };
}

/** The moderators' settings of a topic: slow mode, lock, pin. */
function TopicModeration({ p, onSaved }: { p: PostDetail; onSaved: (p: PostDetail) => void }) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(String(p.slowMode));
  const [locked, setLocked] = useState(p.locked);
  const [pinned, setPinned] = useState(p.pinned);
  const [msg, setMsg] = useState<{ ok: boolean; text: string }>();
  const save = (e: Event) => {
    e.preventDefault();
    setTopicSettings(p.slug, { slowMode: Number(slow) || 0, locked, pinned }).then(
      (d) => {
        onSaved(d);
        setMsg({ ok: true, text: t(`${R}.moderation.saved`) });
      },
      (err: ApiError) => {
        onApiError(err);
        setMsg({ ok: false, text: err.errors?.slowMode ?? err.message });
      },
    );
  };
  return (
    <details class="topic-moderation">
      <summary>{t(`${R}.moderation.title`)}</summary>
      <form onSubmit={save}>
        <label for="topic-slow">{t(`${R}.moderation.slowMode`)}</label>
        <input id="topic-slow" type="number" min="0" max="1440" value={slow} onInput={(e) => setSlow(e.currentTarget.value)} />
        <label>
          <input type="checkbox" checked={locked} onChange={(e) => setLocked(e.currentTarget.checked)} /> {t(`${R}.moderation.locked`)}
        </label>
        <label>
          <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.currentTarget.checked)} /> {t(`${R}.moderation.pinned`)}
        </label>
        <Button type="submit">{t(`${R}.moderation.save`)}</Button>
        {msg && (
          <p role="status" class={msg.ok ? 'muted' : 'field-error'}>
            {msg.text}
          </p>
        )}
      </form>
    </details>
  );
}

function Article({ p, replace }: { p: PostDetail; replace: (p: PostDetail) => void }) {
  const { t, i18n } = useTranslation();
  const other = p.lang !== 'both' && p.lang !== i18n.language ? p.lang : undefined;
  const topic = p.kind === 'topic';
  return (
    <article class="post-page">
      {p.status !== 'published' && (
        <Alert variant={p.status === 'hidden' || p.status === 'removed' ? 'error' : 'info'}>
          {t(`${R}.status.${p.status}`)}
          {p.reason && ` ${t(`${R}.reason`, { reason: p.reason })}`}
        </Alert>
      )}
      <header>
        <p class="muted">
          {p.community.slug ? (
            <Link href={topic ? `/forums/${p.community.slug}/${p.community.forum}` : `/forums/${p.community.slug}`}>
              {[p.community.name, p.community.forumName].filter(Boolean).join(' · ')}
            </Link>
          ) : (
            <Link href="/content">{t('posts.list.platform')}</Link>
          )}
        </p>
        <h1 lang={other}>{p.title}</h1>
        <PostMeta p={p} />
        {p.editedAt && <p class="muted">{t(`${R}.edited`)}</p>}
        {topic && p.locked && <Alert variant="info">{t(`${R}.locked`)}</Alert>}
        {topic && p.slowMode > 0 && <p class="muted">{t(`${R}.slowMode`, { count: p.slowMode })}</p>}
        <p class="button-row">
          {p.canEdit && (
            <Link href={`/dashboard/post/${p.slug}/edit`} class="button-link button-link--outline">
              {t(`${R}.edit`)}
            </Link>
          )}
          <ReportButton target={topic ? 'topic' : 'post'} id={p.id} authorId={p.author.id} />
          <PersonMenu userId={p.author.id} name={p.author.name} />
        </p>
      </header>
      {p.cover && (
        <img
          class="post-page__cover"
          src={p.cover.src}
          srcSet={p.cover.srcset}
          sizes="(max-width: 800px) 100vw, 800px"
          width={p.cover.width}
          height={p.cover.height}
          alt=""
        />
      )}
      {/* Rendered and sanitised on the server when it was saved (app/platform/markdown). */}
      <div class="post-page__body" lang={other} dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
      <Tags tags={p.tags ?? []} />
      {topic && p.canModerate && <TopicModeration p={p} onSaved={replace} />}
      <Poll postId={p.id} />
      {p.status === 'published' && <Comments postId={p.id} locked={p.locked} />}
    </article>
  );
}

function Reader({ slug }: { slug: string | null }) {
  const { t } = useTranslation();
  const { current, replace } = usePost(slug);
  const p = current?.data;
  useTitle(p?.title);
  if (current?.error) {
    return (
      <>
        <h1>{t(`${R}.notFound`)}</h1>
        <Alert variant={current.error.status === 404 ? 'info' : 'error'}>{current.error.message}</Alert>
        <p>
          <Link href="/post">{t(`${R}.back`)}</Link>
        </p>
      </>
    );
  }
  if (!p) {
    const slot = ssrSlot();
    return (
      <>
        {slug && !slot && <p aria-busy="true">{t(`${R}.loading`)}</p>}
        <div data-ssr-slot="" dangerouslySetInnerHTML={{ __html: slot }} />
      </>
    );
  }
  return <Article p={p} replace={replace} />;
}

export function PostRead() {
  const hydrated = useHydrated();
  const [, params] = useRoute<{ slug: string }>('/post/:slug');
  return <Reader slug={hydrated && params ? decodeURIComponent(params.slug) : null} />;
}

export function TopicRead() {
  const hydrated = useHydrated();
  const [, params] = useRoute<{ topic: string }>('/forums/:community/:forum/:topic');
  return <Reader slug={hydrated && params ? decodeURIComponent(params.topic) : null} />;
}
