// Pieces the communities pages share: the page's data (server-rendered or fetched), the
// server's rendition kept while the page hydrates, badges, follow and join controls.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { loginUrl, onApiError, useSession } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { readPageData } from '../../../opportunities/pageData';
import { type CommunityDetail, type FollowState, type FollowTarget, follow, join, leave, type PageData, unfollow } from '../api';

export const C = 'communities';

/**
 * The data of a page at `key` (its path without the language): the server's page data when it
 * is of this page and the reader is signed out (it is rendered as a signed-out reader sees it),
 * else the API's answer for the reader. key is null until the page has hydrated.
 */
export function usePageData<T>(key: string | null, pick: (d: PageData) => T | undefined, load: (key: string) => Promise<T>) {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const embedded = key ? readPageData<PageData>((d) => d.key === key) : undefined;
  const fromPage = embedded ? pick(embedded) : undefined;
  const needed = !!key && (!fromPage || signedIn);
  const [got, setGot] = useState<{ key: string; data?: T; error?: ApiError }>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!key || !needed) return;
    let live = true;
    load(key).then(
      (d) => live && setGot({ key, data: d }),
      (err: ApiError) => {
        onApiError(err);
        if (live) setGot({ key, error: err });
      },
    );
    return () => {
      live = false;
    };
    // load is chosen by the page once; key and tick say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needed, tick]);
  const current = got?.key === key ? got : key && fromPage ? { key, data: fromPage } : undefined;
  return {
    data: current?.data,
    error: current?.error,
    replace: (data: T) => key && setGot({ key, data }),
    reload: () => setTick((n) => n + 1),
  };
}

/** The server's rendition of the page (its data-ssr-slot), read once: empty in the prerendered shell. */
export const ssrSlot = (() => {
  let html: string | undefined;
  return () => (html ??= typeof document === 'undefined' ? '' : (document.querySelector('[data-ssr-slot]')?.innerHTML ?? ''));
})();

/** Until the page's data is there: the server's rendition as it is, or a loading line. */
export function Pending({ hydrated, title }: { hydrated: boolean; title: string }) {
  const { t } = useTranslation();
  const slot = ssrSlot();
  return (
    <>
      {hydrated && !slot && (
        <>
          <h1>{title}</h1>
          <p aria-busy="true">{t(`${C}.loading`)}</p>
        </>
      )}
      <div data-ssr-slot="" dangerouslySetInnerHTML={{ __html: slot }} />
    </>
  );
}

export { useTitle } from '../../../../lib/title';

/** A named badge (never colour alone). */
export function Badge({ kind, children }: { kind: string; children: string }) {
  return <span class={`comm-badge comm-badge--${kind}`}>{children}</span>;
}

/** The badges of a community: visibility and join policy. */
export function CommunityBadges({ c }: { c: { visibility: string; joinPolicy: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge kind={c.visibility}>{t(`${C}.visibility.${c.visibility}`)}</Badge> <Badge kind={c.joinPolicy}>{t(`${C}.joinPolicy.${c.joinPolicy}`)}</Badge>
    </>
  );
}

/** Follow or stop following something; while following, whether by email too. */
export function FollowControl({ type, id, state, name, onChange }: { type: FollowTarget; id: number; state: FollowState; name: string; onChange: (s: FollowState) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The email switch shows the choice at once, while it is being saved.
  const [emailing, setEmailing] = useState<boolean | null>(null);
  const run = async (next: () => Promise<FollowState>, message: string) => {
    setBusy(true);
    try {
      onChange(await next());
      toast.success(message);
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setBusy(false);
      setEmailing(null);
    }
  };
  if (!state.following) {
    return (
      <button type="button" class="secondary outline comm-follow" disabled={busy} aria-pressed="false"
        onClick={() => run(() => follow(type, id, false), t(`${C}.follow.followed`, { name }))}>
        {t(`${C}.follow.follow`)}
      </button>
    );
  }
  return (
    <span class="comm-follow">
      <button type="button" class="secondary comm-follow" disabled={busy} aria-pressed="true"
        onClick={() => run(() => unfollow(type, id), t(`${C}.follow.unfollowed`, { name }))}>
        {t(`${C}.follow.following`)}
      </button>
      <label class="comm-email">
        <input type="checkbox" role="switch" checked={emailing ?? state.email} disabled={busy}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setEmailing(on);
            run(() => follow(type, id, on), t(on ? `${C}.follow.emailOn` : `${C}.follow.emailOff`));
          }} />
        {t(`${C}.follow.email`)}
      </label>
    </span>
  );
}

/** Join, ask to join, withdraw a request, or leave; signed-out readers are asked to sign in. */
export function JoinControl({ c, onChange }: { c: CommunityDetail; onChange: (d: CommunityDetail) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (session.status !== 'signedIn') {
    if (c.status !== 'active') return null;
    return (
      <Link class="button-link" href={loginUrl(`/forums/${c.slug}`)}>
        {t(`${C}.community.signInToJoin`)}
      </Link>
    );
  }
  const run = async (fn: () => Promise<CommunityDetail>, done: (d: CommunityDetail) => string) => {
    setBusy(true);
    try {
      const d = await fn();
      onChange(d);
      toast.success(done(d));
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const m = c.membership;
  if (m?.status === 'pending') {
    return (
      <p class="comm-join">
        <span>{t(`${C}.community.pendingNote`)}</span>{' '}
        <button type="button" class="secondary outline" disabled={busy} onClick={() => run(() => leave(c.slug), () => t(`${C}.community.withdrawn`))}>
          {t(`${C}.community.withdraw`)}
        </button>
      </p>
    );
  }
  if (m) {
    return (
      <p class="comm-join">
        <Badge kind="member">{t(`${C}.roles.${m.role}`)}</Badge>{' '}
        {c.can.leave && (
          <button type="button" class="secondary outline" disabled={busy} onClick={() => run(() => leave(c.slug), () => t(`${C}.community.left`, { name: c.name }))}>
            {t(`${C}.community.leave`)}
          </button>
        )}
      </p>
    );
  }
  if (!c.can.join) return null;
  const approval = c.joinPolicy === 'approval';
  return (
    <p class="comm-join">
      <button type="button" disabled={busy}
        onClick={() => run(() => join(c.slug), (d) => (d.membership?.status === 'pending' ? t(`${C}.community.asked`) : t(`${C}.community.joined`, { name: c.name })))}>
        {approval ? t(`${C}.community.askToJoin`) : t(`${C}.community.join`)}
      </button>
    </p>
  );
}
