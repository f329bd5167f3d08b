// The author's pages: /dashboard/post (my posts in every status), /dashboard/post/new and
// /dashboard/post/{slug}/edit (the editor: text in Markdown, language, tags, cover), and
// /dashboard/post/{slug} (the preview as it will be read, with publish now, schedule at a time,
// back to draft and delete).
import type { TargetedEvent } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { FormMessage, SubmitButton, useForm } from '../../../../lib/form';
import { formatDateTime } from '../../../../lib/formatTime';
import { useFillFromQuery, useQuery } from '../../../../lib/query';
import { useResource } from '../../../../lib/resource';
import { onApiError, useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { EmptyState } from '../../../../ui/EmptyState';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { getCommunity } from '../../community/api';
import { PollEditor } from '../../discussion/Poll';
import {
  createPost,
  createTopic,
  deletePost,
  getMyPost,
  myPosts,
  type PostEditor,
  type PostSummary,
  removeCover,
  setPostStatus,
  updatePost,
  uploadCover,
} from '../api';
import type { MyCommunities } from '../../community/api';
import { Tags } from '../components/PostCard';

const D = 'posts.dashboard';

function useMine(slug: string | null) {
  const [post, setPost] = useState<PostEditor>();
  const [error, setError] = useState<ApiError>();
  useEffect(() => {
    if (!slug) return;
    getMyPost(slug).then(setPost, (err: ApiError) => {
      onApiError(err);
      setError(err);
    });
  }, [slug]);
  return { post, error, setPost };
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span class={`post-status post-status--${status}`}>{t(`posts.dashboard.statuses.${status}`)}</span>;
}

function MyList() {
  const { t } = useTranslation();
  const [items, setItems] = useState<PostSummary[]>();
  const [next, setNext] = useState('');
  const load = (after: string) =>
    myPosts(after).then(
      (p) => {
        setItems((old) => (after ? [...(old ?? []), ...(p.items ?? [])] : (p.items ?? [])));
        setNext(p.next);
      },
      (err: ApiError) => onApiError(err),
    );
  useEffect(() => {
    void load('');
  }, []);
  return (
    <>
      <p>
        <Link href="/dashboard/post/new" class="button-link">
          {t(`${D}.new`)}
        </Link>
      </p>
      {!items && <p aria-busy="true">{t(`${D}.loading`)}</p>}
      {items && !items.length && <EmptyState title={t(`${D}.empty`)}>{t(`${D}.emptyHint`)}</EmptyState>}
      {items && items.length > 0 && (
        <ul class="my-posts">
          {items.map((p) => (
            <li key={p.id}>
              <Link href={p.kind === 'topic' ? p.path : `/dashboard/post/${p.slug}`}>{p.title}</Link>{' '}
              <StatusBadge status={p.status} />
              <span class="muted"> · {p.community.name || t('posts.list.platform')}</span>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <Button variant="secondary" onClick={() => void load(next)}>
          {t('posts.list.loadMore')}
        </Button>
      )}
    </>
  );
}

export function MyPosts() {
  return (
    <DashboardShell page="posts" titleKey={"posts.titles.mine.title"}>
      {() => <MyList />}
    </DashboardShell>
  );
}

/**
 * Where a new post goes: a community the author is an active member of, or (administrators)
 * the platform's own posts. A community named by the link that opened the editor stays a
 * choice while the list loads. The server decides again when the post is saved.
 */
function CommunityPicker({ value, error, name, onChange }: { value: string; error?: string; name: string; onChange: (e: TargetedEvent<HTMLSelectElement>) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const admin = !!session.user?.roles.includes('admin');
  const { data } = useResource<MyCommunities>('/me/communities');
  const mine = (data?.items ?? []).filter((c) => c.status === 'active' && c.membership?.status === 'active');
  const options = [
    ...(admin ? [{ value: '', label: t(`${D}.platformWide`) }] : []),
    ...mine.map((c) => ({ value: c.slug, label: c.name })),
  ];
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  if (data && !admin && options.length === 0) {
    return (
      <p class="muted" id="post-community">
        {t(`${D}.noCommunities`)} <Link href="/forums">{t(`${D}.findCommunities`)}</Link>
      </p>
    );
  }
  return (
    <SelectField
      id="post-community"
      name={name}
      label={t(`${D}.community`)}
      options={options}
      placeholder={admin ? undefined : t(`${D}.chooseCommunity`)}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

/** The forum's name in the page's language for "a topic in the forum …" (its slug until it arrives). */
function useForumName(community: string, forum: string) {
  const [name, setName] = useState(forum);
  useEffect(() => {
    if (!community || !forum) return undefined;
    let live = true;
    getCommunity(community).then(
      (c) => live && setName(c.forums.find((f) => f.slug === forum)?.name ?? forum),
      () => undefined, // the slug stays; creating the topic reports a wrong forum on the field
    );
    return () => {
      live = false;
    };
  }, [community, forum]);
  return name;
}

type Fields = { title: string; body: string; excerpt: string; lang: string; tags: string; community: string };

function Editor({ existing }: { existing?: PostEditor }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const query = useQuery();
  const form = useForm<Fields>({
    title: existing?.title ?? '',
    body: existing?.body ?? '',
    excerpt: existing && existing.excerpt ? existing.excerpt : '',
    lang: existing?.lang ?? i18n.language,
    tags: (existing?.tags ?? []).join(', '),
    community: existing?.community.slug ?? '',
  });
  // A forum's "start a topic" (and any link with ?community=) names the community in the query,
  // which the page reads after its first render.
  useFillFromQuery(form, existing ? null : query, (q) => ({ community: q.get('community') }));
  const { attach } = form;
  const [cover, setCover] = useState<File | null>(null);
  const [post, setPost] = useState(existing);
  const tagList = (s: string) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  // A topic: /dashboard/post/new?community=…&forum=… (a forum's "start a topic"), published at once.
  const forum = !post ? (query?.get('forum') ?? '') : '';
  const forumName = useForumName(query?.get('community') ?? '', forum);
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const body = { title: v.title, body: v.body, excerpt: existing?.excerpt === v.excerpt ? '' : v.excerpt, lang: v.lang as 'en', tags: tagList(v.tags), community: v.community.trim() };
    if (forum) {
      try {
        const topic = await createTopic({ community: body.community, forum, title: body.title, body: body.body, lang: body.lang, tags: body.tags });
        if (cover) await uploadCover(topic.slug, cover).catch((err: ApiError) => onApiError(err));
        navigate(topic.path);
      } catch (err) {
        form.failWith(err as ApiError);
      }
      return;
    }
    try {
      let saved = post ? await updatePost(post.slug, body) : await createPost(body);
      setPost(saved);
      if (cover) {
        try {
          saved = await uploadCover(saved.slug, cover);
        } catch (err) {
          const e = err as ApiError;
          onApiError(e);
          navigate(`/dashboard/post/${saved.slug}/edit`, { replace: true });
          form.fail({ cover: e.errors?.cover ?? e.message });
          return;
        }
      }
      toast.success(t(`${D}.saved`));
      navigate(`/dashboard/post/${saved.slug}`);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} onSubmit={onSubmit} noValidate class="post-editor">
      <FormMessage message={form.message} />
      {forum && <p class="muted">{t(`${D}.topicIn`, { forum: forumName })}</p>}
      {!post && <CommunityPicker {...form.select('community')} />}
      <TextField id="post-title" label={t(`${D}.titleField`)} required maxLength={200} {...form.text('title')} />
      <div class="field">
        <label for="post-body">{t(`${D}.body`)}</label>
        <textarea
          id="post-body"
          name="body"
          rows={14}
          value={form.values.body}
          aria-invalid={form.errors.body ? 'true' : undefined}
          aria-describedby={form.errors.body ? 'post-body-error post-body-hint' : 'post-body-hint'}
          onInput={(e) => form.set('body', e.currentTarget.value)}
        />
        <small id="post-body-hint" class="form-hint">
          {t(`${D}.bodyHint`)}
        </small>
        {form.errors.body && (
          <small id="post-body-error" class="field-error">
            {form.errors.body}
          </small>
        )}
      </div>
      <TextField id="post-excerpt" label={t(`${D}.excerpt`)} hint={t(`${D}.excerptHint`)} {...form.text('excerpt')} />
      <SelectField
        id="post-lang"
        name="lang"
        label={t(`${D}.lang`)}
        value={form.values.lang}
        error={form.errors.lang}
        onChange={(e) => form.set('lang', e.currentTarget.value)}
        options={(['en', 'mn', 'both'] as const).map((l) => ({ value: l, label: t(`posts.list.langs.${l}`) }))}
      />
      <TextField id="post-tags" label={t(`${D}.tags`)} hint={t(`${D}.tagsHint`)} {...form.text('tags')} />
      <div class="field">
        <label for="post-cover">{t(`${D}.cover`)}</label>
        <input
          id="post-cover"
          name="cover"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-invalid={form.errors.cover ? 'true' : undefined}
          aria-describedby={form.errors.cover ? 'post-cover-error post-cover-hint' : 'post-cover-hint'}
          onChange={(e) => setCover(e.currentTarget.files?.[0] ?? null)}
        />
        <small id="post-cover-hint" class="form-hint">
          {t(`${D}.coverHint`)}
        </small>
        {form.errors.cover && (
          <small id="post-cover-error" class="field-error">
            {form.errors.cover}
          </small>
        )}
      </div>
      {post?.cover && (
        <p>
          <img class="post-editor__cover" src={(post.cover.sizes ?? []).at(-1)?.url ?? post.cover.src} alt={t(`${D}.currentCover`)} />
          <Button
            variant="outline"
            onClick={() =>
              removeCover(post.slug).then(setPost, (err: ApiError) => {
                onApiError(err);
                toast.error(err.message);
              })
            }
          >
            {t(`${D}.removeCover`)}
          </Button>
        </p>
      )}
      <SubmitButton busy={form.busy}>{forum ? t(`${D}.startTopic`) : t(`${D}.saveDraft`)}</SubmitButton>
      {post && <PollEditor postId={post.id} />}
    </form>
  );
}

export function EditPost() {
  const [, edit] = useRoute<{ slug: string }>('/dashboard/post/:slug/edit');
  const slug = edit ? decodeURIComponent(edit.slug) : null;
  const { post, error } = useMine(slug);
  const { t } = useTranslation();
  return (
    <DashboardShell page="posts" titleKey={slug ? "posts.titles.edit.title" : "posts.titles.new.title"}>
      {() =>
        error ? (
          <Alert variant="error">{error.message}</Alert>
        ) : slug && !post ? (
          <p aria-busy="true">{t(`${D}.loading`)}</p>
        ) : (
          <Editor key={post?.slug ?? 'new'} existing={post} />
        )
      }
    </DashboardShell>
  );
}

/** When a scheduled time typed in the browser's zone is sent: RFC 3339 with its offset. */
const toRFC3339 = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

function Manage({ post, setPost }: { post: PostEditor; setPost: (p: PostEditor) => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [at, setAt] = useState('');
  const [err, setErr] = useState<{ field?: string; text: string }>();
  const change = (status: 'published' | 'scheduled' | 'draft') => {
    setErr(undefined);
    setPostStatus(post.slug, { status, publishAt: status === 'scheduled' ? toRFC3339(at) : '' }).then(
      (p) => {
        setPost(p);
        toast.success(t(`${D}.changed.${status}`));
      },
      (e: ApiError) => {
        onApiError(e);
        const field = Object.keys(e.errors ?? {})[0];
        setErr({ field, text: (field && e.errors?.[field]) || e.message });
      },
    );
  };
  const remove = () => {
    if (!window.confirm(t(`${D}.confirmDelete`))) return;
    deletePost(post.slug).then(
      () => {
        toast.success(t(`${D}.deleted`));
        navigate('/dashboard/post');
      },
      (e: ApiError) => {
        onApiError(e);
        setErr({ text: e.message });
      },
    );
  };
  const editable = post.status !== 'hidden' && post.status !== 'removed';
  return (
    <>
      <p>
        <StatusBadge status={post.status} />
        {post.status === 'scheduled' && post.publishAt && <span class="muted"> {t(`${D}.scheduledFor`, { at: formatDateTime(t, post.publishAt) })}</span>}
      </p>
      {post.reason && <Alert variant="error">{t('posts.read.reason', { reason: post.reason })}</Alert>}
      {err && !err.field && <Alert variant="error">{err.text}</Alert>}
      <section class="post-preview" aria-labelledby="post-preview-h">
        <h2 id="post-preview-h">{t(`${D}.preview`)}</h2>
        {post.cover && <img class="post-page__cover" src={post.cover.src} srcSet={post.cover.srcset} sizes="(max-width: 800px) 100vw, 800px" alt="" width={post.cover.width} height={post.cover.height} />}
        <h3 class="post-preview__title">{post.title}</h3>
        {/* Rendered and sanitised on the server when it was saved. */}
        <div class="post-page__body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
        <Tags tags={post.tags ?? []} />
      </section>
      {editable && post.kind === 'post' && (
        <section aria-labelledby="post-actions-h" class="post-actions">
          <h2 id="post-actions-h">{t(`${D}.actions`)}</h2>
          <p class="button-row">
            <Link href={`/dashboard/post/${post.slug}/edit`} class="button-link button-link--outline">
              {t(`${D}.edit`)}
            </Link>
            {post.status !== 'published' && <Button onClick={() => change('published')}>{t(`${D}.publish`)}</Button>}
            {post.status !== 'draft' && (
              <Button variant="secondary" onClick={() => change('draft')}>
                {t(`${D}.toDraft`)}
              </Button>
            )}
            {post.status === 'published' && (
              <Link href={post.path} class="button-link button-link--outline">
                {t(`${D}.view`)}
              </Link>
            )}
          </p>
          {post.status !== 'published' && (
            <div class="post-schedule">
              <TextField
                id="post-at"
                type="text"
                label={t(`${D}.scheduleAt`)}
                hint={t(`${D}.scheduleHint`)}
                value={at}
                error={err?.field === 'publishAt' ? err.text : undefined}
                onInput={(e) => setAt(e.currentTarget.value)}
              />
              <Button variant="secondary" onClick={() => change('scheduled')}>
                {t(`${D}.schedule`)}
              </Button>
            </div>
          )}
          {err?.field && err.field !== 'publishAt' && <Alert variant="error">{err.text}</Alert>}
          {(post.status === 'draft' || post.status === 'scheduled') && (
            <p>
              <Button variant="outline" onClick={remove}>
                {t(`${D}.delete`)}
              </Button>
            </p>
          )}
        </section>
      )}
    </>
  );
}

export function ManagePost() {
  const [, params] = useRoute<{ slug: string }>('/dashboard/post/:slug');
  // /dashboard/post/new is the editor of a new post (one route serves both: "new" is no slug).
  return params?.slug === 'new' ? <EditPost /> : <ManageBySlug slug={params ? decodeURIComponent(params.slug) : null} />;
}

function ManageBySlug({ slug }: { slug: string | null }) {
  const { post, error, setPost } = useMine(slug);
  const { t } = useTranslation();
  return (
    <DashboardShell page="posts" titleKey={"posts.titles.manage.title"}>
      {() =>
        error ? (
          <Alert variant="error">{error.message}</Alert>
        ) : !post ? (
          <p aria-busy="true">{t(`${D}.loading`)}</p>
        ) : (
          <Manage post={post} setPost={setPost} />
        )
      }
    </DashboardShell>
  );
}

/** The route's view (routes.tsx): "mine", "new", "edit" or "manage". */
export const View = ({ view }: { view: string }) => (view === 'mine' ? <MyPosts /> : view === 'manage' ? <ManagePost /> : <EditPost />);
