// The public pages of communities: /forums (the communities, searchable), /forums/{community}
// (its description, rules, forums; joining and following), /forums/{community}/{forum} (its
// topics) and /u/{handle} (a profile). The server renders each (pages_communities.go) as a
// signed-out reader sees it; the app keeps that rendition while it hydrates, then shows the
// page from its data (the API's, for a signed-in reader: their membership and follows).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { useDebounced } from '../../../../lib/api';
import { formatDate } from '../../../../lib/formatTime';
import { useHydrated } from '../../../../lib/query';
import { onApiError, useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { EmptyState } from '../../../../ui/EmptyState';
import {
  type CommunityDetail,
  type CommunityList,
  type CommunitySummary,
  type ForumPage,
  getCommunity,
  getForum,
  getProfile,
  listCommunities,
  type ProfileView,
  saveMyProfile,
} from '../api';
import { Badge, C, CommunityBadges, FollowControl, JoinControl, Pending, usePageData, useTitle } from '../components/parts';
import { PersonMenu, ReportButton } from '../../moderation/ReportButton';
import { CommunityEvents } from '../../events/CommunityEvents';

const dec = (s: string) => decodeURIComponent(s);

function NotFound({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t(`${C}.notFound`)}</h1>
      <Alert variant={error.status === 404 ? 'info' : 'error'}>{error.message}</Alert>
      <p>
        <Link href="/forums">{t(`${C}.community.back`)}</Link>
      </p>
    </>
  );
}

// ---- /forums ----

function CommunityCard({ c }: { c: CommunitySummary }) {
  const { t } = useTranslation();
  return (
    <li class="comm-card">
      <h2>
        <Link href={`/forums/${c.slug}`}>{c.name}</Link>
      </h2>
      <p>{c.description}</p>
      <p class="muted">
        <CommunityBadges c={c} /> · {t(`${C}.list.members`, { count: c.memberCount })}
        {c.organization && <> · {c.organization}</>}
        {c.membership && (
          <>
            {' '}
            <Badge kind="member">{c.membership.status === 'pending' ? t(`${C}.statuses.pending`) : t(`${C}.roles.${c.membership.role}`)}</Badge>
          </>
        )}
      </p>
    </li>
  );
}

export function Forums() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const session = useSession();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 300);
  const key = hydrated ? (query ? `/forums?q=${query}` : '/forums') : null;
  const { data: loaded, error } = usePageData<CommunityList>(key, (d) => d.list, () => listCommunities(query));
  // While the answer for a new search is on its way, the last list stays (marked busy): going
  // back to the loading state took the search field away from under the person typing in it.
  const [last, setLast] = useState<CommunityList>();
  if (loaded && loaded !== last) setLast(loaded);
  const data = loaded ?? (error ? undefined : last);
  const searching = !loaded && !error && !!last;
  const [more, setMore] = useState<{ key: string; items: CommunitySummary[]; next: string }>();
  const [busy, setBusy] = useState(false);
  const extra = more?.key === key ? more : undefined;
  const next = extra ? extra.next : (data?.next ?? '');

  const loadMore = async () => {
    if (!key) return;
    setBusy(true);
    try {
      const page = await listCommunities(query, next);
      setMore({ key, items: [...(extra?.items ?? []), ...page.items], next: page.next });
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  if (!data && !error) return <Pending hydrated={hydrated} title={t('pages.forums.title')} />;
  const items = [...(data?.items ?? []), ...(extra?.items ?? [])];
  return (
    <div class="comm-page">
      <header class="page-intro">
        <h1>{t('pages.forums.title')}</h1>
        <p class="lead">{t(`${C}.pages.list.description`)}</p>
        {session.status === 'signedIn' && (
          <p>
            <Link href="/dashboard/communities">{t(`${C}.list.mine`)}</Link>
          </p>
        )}
      </header>
      <form role="search" class="comm-search" onSubmit={(e) => e.preventDefault()}>
        <label for="comm-q">{t(`${C}.list.search`)}</label>
        <input id="comm-q" type="search" name="q" value={q} autoComplete="off" onInput={(e) => setQ(e.currentTarget.value)} />
      </form>
      {error && <Alert variant="error">{error.message}</Alert>}
      {data && !items.length && <EmptyState title={t(`${C}.list.empty`)}>{t(`${C}.list.emptyHint`)}</EmptyState>}
      <ul class="comm-cards" aria-busy={searching ? 'true' : undefined}>
        {items.map((c) => (
          <CommunityCard key={c.id} c={c} />
        ))}
      </ul>
      {next && !searching && (
        <p>
          <button type="button" class="secondary outline" aria-busy={busy} disabled={busy} onClick={loadMore}>
            {t(`${C}.list.loadMore`)}
          </button>
        </p>
      )}
    </div>
  );
}

// ---- /forums/{community} ----

export function Community() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, params] = useRoute<{ community: string }>('/forums/:community');
  const slug = hydrated && params ? dec(params.community) : null;
  const { data: c, error, replace } = usePageData<CommunityDetail>(slug && `/forums/${slug}`, (d) => d.community, () => getCommunity(slug!));
  useTitle(c?.name);
  if (error) return <NotFound error={error} />;
  if (!c) return <Pending hydrated={hydrated} title={t(`${C}.community.title`)} />;
  const members = c.visibility === 'members';
  return (
    <div class="comm-page">
      <header class="page-intro">
        <p class="muted">
          <Link href="/forums">{t(`${C}.community.back`)}</Link>
        </p>
        <h1>{c.name}</h1>
        <p class="muted">
          <CommunityBadges c={c} /> · {t(`${C}.list.members`, { count: c.memberCount })}
          {c.organization && <> · {t(`${C}.community.organization`, { name: c.organization })}</>}
        </p>
        <div class="comm-actions">
          <JoinControl c={c} onChange={replace} />
          {c.can.follow && <FollowControl type="community" id={c.id} name={c.name} state={c.follow} onChange={(f) => replace({ ...c, follow: f })} />}
          {c.can.admin && (
            <Link class="button-link button-link--outline" href={`/dashboard/communities/${c.slug}`}>
              {t(`${C}.community.manage`)}
            </Link>
          )}
        </div>
      </header>
      <div class="comm-markdown" dangerouslySetInnerHTML={{ __html: c.descriptionHtml }} />
      {c.rulesHtml && (
        <details class="comm-rules" open={!c.can.read}>
          <summary>{t(`${C}.community.rules`)}</summary>
          <div class="comm-markdown" dangerouslySetInnerHTML={{ __html: c.rulesHtml }} />
        </details>
      )}
      {c.can.read && c.status === 'active' && <CommunityEvents slug={c.slug} canCreate={c.can.moderate} />}
      <section aria-labelledby="comm-forums">
        <h2 id="comm-forums">{t(`${C}.community.forums`)}</h2>
        {!c.can.read && members ? (
          <Alert variant="info">{t(`${C}.community.membersOnly`)}</Alert>
        ) : c.forums.length === 0 ? (
          <p class="muted">{t(`${C}.community.noForums`)}</p>
        ) : (
          <ul class="comm-forums">
            {c.forums.map((f) => (
              <li key={f.id}>
                <h3>
                  <Link href={`/forums/${c.slug}/${f.slug}`}>{f.name}</Link>
                </h3>
                {f.description && <p>{f.description}</p>}
                <p class="muted">{t(`${C}.forum.topics`, { count: f.topicCount })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

// ---- /forums/{community}/{forum} ----

export function Forum() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const session = useSession();
  const [, params] = useRoute<{ community: string; forum: string }>('/forums/:community/:forum');
  const slug = hydrated && params ? dec(params.community) : null;
  const forum = params ? dec(params.forum) : '';
  const key = slug && `/forums/${slug}/${forum}`;
  const { data: f, error, replace } = usePageData<ForumPage>(key, (d) => d.forum, () => getForum(slug!, forum));
  const [more, setMore] = useState<{ key: string; page: ForumPage }>();
  const [busy, setBusy] = useState(false);
  useTitle(f ? `${f.forum.name} · ${f.community.name}` : undefined);
  if (error?.status === 403 && slug) {
    return (
      <>
        <h1>{t(`${C}.forum.title`)}</h1>
        <Alert variant="info">{error.message}</Alert>
        <p>
          <Link href={`/forums/${slug}`}>{t(`${C}.forum.toCommunity`)}</Link>
        </p>
      </>
    );
  }
  if (error) return <NotFound error={error} />;
  if (!f) return <Pending hydrated={hydrated} title={t(`${C}.forum.title`)} />;
  const extra = more?.key === key ? more.page : undefined;
  const topics = [...f.topics, ...(extra?.topics ?? [])];
  const next = extra ? extra.next : f.next;
  const loadMore = async () => {
    if (!slug || !key) return;
    setBusy(true);
    try {
      const page = await getForum(slug, forum, next);
      setMore({ key, page: { ...page, topics: [...(extra?.topics ?? []), ...page.topics] } });
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="comm-page">
      <header class="page-intro">
        <p class="muted">
          <Link href={`/forums/${f.community.slug}`}>{f.community.name}</Link>
        </p>
        <h1>{f.forum.name}</h1>
        {f.forum.description && <p class="lead">{f.forum.description}</p>}
        <div class="comm-actions">
          {f.can.follow && (
            <FollowControl type="forum" id={f.forum.id} name={f.forum.name} state={f.forum.follow}
              onChange={(s) => replace({ ...f, forum: { ...f.forum, follow: s } })} />
          )}
          {f.can.participate && (
            <Link class="button-link" href={`/dashboard/post/new?community=${encodeURIComponent(f.community.slug)}&forum=${encodeURIComponent(f.forum.slug)}`}>
              {t(`${C}.forum.startTopic`)}
            </Link>
          )}
          {session.status === 'signedIn' && !f.can.participate && f.can.join && (
            <Link class="button-link button-link--outline" href={`/forums/${f.community.slug}`}>
              {t(`${C}.forum.joinToPost`)}
            </Link>
          )}
        </div>
      </header>
      {topics.length === 0 ? (
        <EmptyState title={t(`${C}.forum.noTopics`)}>{t(`${C}.forum.noTopicsHint`)}</EmptyState>
      ) : (
        <ol class="comm-topics">
          {topics.map((tp) => (
            <li key={tp.id}>
              <h2>
                <Link href={tp.link}>{tp.title}</Link> {tp.pinned && <Badge kind="pinned">{t(`${C}.forum.pinned`)}</Badge>}{' '}
                {tp.locked && <Badge kind="locked">{t(`${C}.forum.locked`)}</Badge>}
              </h2>
              {tp.excerpt && <p>{tp.excerpt}</p>}
              <p class="muted">
                {tp.author.handle ? <Link href={`/u/${tp.author.handle}`}>{tp.author.name}</Link> : tp.author.name} ·{' '}
                {t(`${C}.forum.replies`, { count: tp.commentCount })} · {t(`${C}.forum.lastActivity`, { date: formatDate(t, tp.lastActivityAt) })}
              </p>
            </li>
          ))}
        </ol>
      )}
      {next && (
        <p>
          <button type="button" class="secondary outline" aria-busy={busy} disabled={busy} onClick={loadMore}>
            {t(`${C}.forum.loadMore`)}
          </button>
        </p>
      )}
    </div>
  );
}

// ---- /u/{handle} ----

function EditProfile({ p, onSaved }: { p: ProfileView; onSaved: (handle: string, bio: string) => void }) {
  const { t } = useTranslation();
  const [handle, setHandle] = useState(p.handle);
  const [bio, setBio] = useState(p.bio);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await saveMyProfile(handle, bio);
      toast.success(t(`${C}.profile.saved`));
      onSaved(saved.handle, saved.bio);
    } catch (err) {
      const ae = err as ApiError;
      onApiError(ae);
      if (ae.errors) setErrors(ae.errors);
      else toast.error(ae.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="comm-edit">
      <summary>{t(`${C}.profile.edit`)}</summary>
      <form onSubmit={submit} noValidate>
        <label for="comm-handle">{t(`${C}.profile.handle`)}</label>
        <input id="comm-handle" name="handle" value={handle} autoComplete="username" aria-invalid={errors.handle ? 'true' : undefined}
          aria-describedby="comm-handle-hint" onInput={(e) => setHandle(e.currentTarget.value)} />
        <small id="comm-handle-hint">{errors.handle ?? t(`${C}.profile.handleHint`)}</small>
        <label for="comm-bio">{t(`${C}.profile.bio`)}</label>
        <textarea id="comm-bio" name="bio" rows={3} value={bio} aria-invalid={errors.bio ? 'true' : undefined}
          onInput={(e) => setBio(e.currentTarget.value)} />
        {errors.bio && <small>{errors.bio}</small>}
        <button type="submit" aria-busy={busy} disabled={busy}>
          {t(`${C}.profile.save`)}
        </button>
      </form>
    </details>
  );
}

export function Profile() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, params] = useRoute<{ handle: string }>('/u/:handle');
  const handle = hydrated && params ? dec(params.handle) : null;
  const { data: p, error, replace } = usePageData<ProfileView>(handle && `/u/${handle}`, (d) => d.profile, () => getProfile(handle!));
  useTitle(p ? `${p.name} (@${p.handle})` : undefined);
  useEffect(() => {
    if (p && handle && p.handle !== handle) window.history.replaceState(null, '', window.location.pathname.replace(/[^/]+$/, p.handle));
  }, [p, handle]);
  if (error) return <NotFound error={error} />;
  if (!p) return <Pending hydrated={hydrated} title={t(`${C}.profile.title`)} />;
  return (
    <div class="comm-page">
      <header class="page-intro">
        <h1>{p.name}</h1>
        <p class="muted">@{p.handle}</p>
        {p.bio && <p class="comm-bio">{p.bio}</p>}
        {!p.self && (
          <p class="comm-actions">
            <ReportButton target="profile" id={p.id} />
            <PersonMenu userId={p.id} name={p.name} />
          </p>
        )}
      </header>
      {p.self && <EditProfile p={p} onSaved={(h, bio) => replace({ ...p, handle: h, bio })} />}
      <section aria-labelledby="comm-p-communities">
        <h2 id="comm-p-communities">{t(`${C}.profile.communities`)}</h2>
        {p.communities.length === 0 ? (
          <p class="muted">{t(`${C}.profile.noCommunities`)}</p>
        ) : (
          <ul>
            {p.communities.map((c) => (
              <li key={c.slug}>
                <Link href={`/forums/${c.slug}`}>{c.name}</Link> <Badge kind="member">{t(`${C}.roles.${c.role}`)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="comm-p-posts">
        <h2 id="comm-p-posts">{t(`${C}.profile.posts`)}</h2>
        {p.posts.length === 0 ? (
          <p class="muted">{t(`${C}.profile.noPosts`)}</p>
        ) : (
          <ul>
            {p.posts.map((a) => (
              <li key={a.link}>
                <Link href={a.link}>{a.title}</Link> <span class="muted">· {formatDate(t, a.publishedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

// The routes' names for the pages (app/routes.tsx).
export { Community as community, Forum as forum, Forums as forums, Profile as profile };
