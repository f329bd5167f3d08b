// /post: the published posts the reader may read (filters: search words, community, tag,
// language; "load more" with the next cursor), and /content: the platform's own posts.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { useHydrated } from '../../../../lib/query';
import { onApiError } from '../../../../lib/session';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { EmptyState } from '../../../../ui/EmptyState';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { listPosts, type PostSummary, searchPosts } from '../api';
import { PostCard } from '../components/PostCard';

const L = 'posts.list';

interface Filters {
  q: string;
  community: string;
  tag: string;
  lang: string;
}

function fetchPage(f: Filters, platform: boolean, after: string) {
  const qs = new URLSearchParams();
  if (f.community) qs.set('community', f.community);
  if (f.tag) qs.set('tag', f.tag);
  if (f.lang) qs.set('lang', f.lang);
  if (platform) qs.set('platform', 'true');
  if (after) qs.set('after', after);
  return f.q.trim() ? searchPosts(f.q.trim(), after) : listPosts(qs.toString());
}

interface Got {
  key: string;
  items: PostSummary[];
  next: string;
  error?: string;
}

/** The list of the filters (null until the query is known): the first page, then "load more". */
function useList(f: Filters | null, platform: boolean) {
  const key = f ? JSON.stringify(f) : '';
  const [got, setGot] = useState<Got>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!f) return;
    let live = true;
    fetchPage(f, platform, '').then(
      (page) => live && setGot({ key, items: page.items ?? [], next: page.next }),
      (err: ApiError) => {
        onApiError(err);
        if (live) setGot({ key, items: [], next: '', error: err.message });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, platform]);
  const current = got?.key === key ? got : undefined;
  const more = () => {
    if (!f || !current?.next) return;
    setBusy(true);
    fetchPage(f, platform, current.next).then(
      (page) => {
        setGot({ key, items: [...current.items, ...(page.items ?? [])], next: page.next });
        setBusy(false);
      },
      (err: ApiError) => {
        onApiError(err);
        setGot({ ...current, error: err.message });
        setBusy(false);
      },
    );
  };
  const state: 'loading' | 'done' | 'error' = !current || busy ? 'loading' : current.error ? 'error' : 'done';
  return { items: current?.items ?? [], next: current?.next ?? '', state, error: current?.error ?? '', more };
}

function PostList({ platform, withFilters, path }: { platform: boolean; withFilters: boolean; path: string }) {
  const { t } = useTranslation();
  // The prerendered page has no query: the URL's is read from the first render after hydration.
  const search = useSearch();
  const query = useHydrated() ? new URLSearchParams(search) : null;
  const [, navigate] = useLocation();
  const filters: Filters | null = query
    ? { q: query.get('q') ?? '', community: query.get('community') ?? '', tag: query.get('tag') ?? '', lang: query.get('lang') ?? '' }
    : null;
  const [q, setQ] = useState<string | null>(null);
  const { items, next, state, error, more } = useList(filters, platform);
  const go = (change: Partial<Filters>) => {
    const merged = { ...(filters ?? { q: '', community: '', tag: '', lang: '' }), ...change };
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v) qs.set(k, v);
    navigate(qs.toString() ? `${path}?${qs}` : path);
  };
  const searched = !!filters?.q;
  return (
    <>
      {withFilters && (
        <form
          class="post-filters"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: q ?? filters?.q ?? '' });
          }}
        >
          <TextField id="post-q" type="search" label={t(`${L}.search`)} hint={t(`${L}.searchHint`)} value={q ?? filters?.q ?? ''} onInput={(e) => setQ(e.currentTarget.value)} />
          <SelectField
            id="post-lang"
            label={t(`${L}.language`)}
            value={filters?.lang ?? ''}
            onChange={(e) => go({ lang: e.currentTarget.value })}
            options={[
              { value: '', label: t(`${L}.anyLanguage`) },
              { value: 'en', label: t('posts.list.langs.en') },
              { value: 'mn', label: t('posts.list.langs.mn') },
            ]}
          />
          <Button type="submit">{t(`${L}.searchButton`)}</Button>
        </form>
      )}
      {(filters?.tag || filters?.community) && (
        <p class="post-chips">
          {filters.tag && (
            <Button variant="outline" onClick={() => go({ tag: '' })}>
              {t(`${L}.removeTag`, { tag: filters.tag })}
            </Button>
          )}
          {filters.community && (
            <Button variant="outline" onClick={() => go({ community: '' })}>
              {t(`${L}.removeCommunity`, { community: filters.community })}
            </Button>
          )}
        </p>
      )}
      {state === 'error' && <Alert variant="error">{error}</Alert>}
      {state === 'done' && !items.length && (
        <EmptyState title={searched ? t(`${L}.noResults`) : t(`${L}.empty`)}>
          {searched ? t(`${L}.noResultsHint`) : t(`${L}.emptyHint`)}
        </EmptyState>
      )}
      <div class="post-list" aria-busy={state === 'loading' ? 'true' : undefined}>
        {items.map((p) => (
          <PostCard key={p.id} p={p} />
        ))}
      </div>
      {next && state !== 'loading' && (
        <p>
          <Button variant="secondary" onClick={more}>
            {t(`${L}.loadMore`)}
          </Button>
        </p>
      )}
      {state === 'loading' && <p aria-busy="true">{t(`${L}.loading`)}</p>}
    </>
  );
}

export function PostsBrowse() {
  const { t } = useTranslation();
  return (
    <div class="posts-page">
      <header class="page-intro">
        <h1>{t("posts.titles.all.title")}</h1>
        <p class="lead">{t(`${L}.lead`)}</p>
        <p>
          <Link href="/dashboard/post/new" class="button-link">
            {t(`${L}.write`)}
          </Link>
        </p>
      </header>
      <PostList platform={false} withFilters path="/post" />
    </div>
  );
}

/** /content: the platform's published posts (staff posts), under the page's own title. */
export function ContentPosts() {
  const { t } = useTranslation();
  return (
    <div class="posts-page">
      <header class="page-intro">
        <h1>{t('pages.content.title')}</h1>
        <p class="lead">{t('pages.content.lead')}</p>
        <p>
          <Link href="/post">{t(`${L}.all`)}</Link>
        </p>
      </header>
      <PostList platform withFilters={false} path="/content" />
    </div>
  );
}
