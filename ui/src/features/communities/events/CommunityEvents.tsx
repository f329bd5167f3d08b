// A community's upcoming events on its page (/forums/{community}): the events the reader may
// read, soonest first, with the time in Ulaanbaatar, where, how many are going and the
// reader's answer; its admins and moderators get "New event". Members-only communities show
// nothing of their events to others (the API answers 403).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { Badge } from '../community/components/parts';
import { type EventList, type EventView, listEvents } from './api';
import { when } from './time';

export const E = 'events.ui';

/** "Going: 3" or "Going: 3 of 20", and "Full". */
export function Attendance({ e }: { e: Pick<EventView, 'going' | 'capacity' | 'full'> }) {
  const { t } = useTranslation();
  return (
    <>
      {e.capacity > 0 ? t(`${E}.goingOf`, { count: e.going, capacity: e.capacity }) : t(`${E}.going`, { count: e.going })}
      {e.full && (
        <>
          {' '}
          <Badge kind="locked">{t(`${E}.full`)}</Badge>
        </>
      )}
    </>
  );
}

export function CommunityEvents({ slug, canCreate }: { slug: string; canCreate: boolean }) {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<EventList>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    listEvents(slug).then(
      (l) => live && setList(l),
      (err: ApiError) => onApiError(err),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  const more = async () => {
    if (!list) return;
    setBusy(true);
    try {
      const page = await listEvents(slug, list.next);
      setList({ items: [...list.items, ...page.items], next: page.next });
    } catch (err) {
      onApiError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  if (!list) return null;
  return (
    <section aria-labelledby="comm-events">
      <h2 id="comm-events">{t(`${E}.upcoming`)}</h2>
      {canCreate && (
        <p>
          <Link class="button-link button-link--outline" href={`/forums/${slug}/events/new`}>
            {t(`${E}.newEvent`)}
          </Link>
        </p>
      )}
      {list.items.length === 0 ? (
        <p class="muted">{t(`${E}.none`)}</p>
      ) : (
        <ul class="comm-forums">
          {list.items.map((e) => (
            <li key={e.id}>
              <h3>
                <Link href={e.link}>{e.title}</Link>
              </h3>
              <p class="muted">
                {when(i18n.language, e)}
                {e.place && <> · {e.place}</>}
                {!e.place && e.onlineUrl && <> · {t(`${E}.online`)}</>}
              </p>
              <p class="muted">
                {e.status === 'cancelled' ? (
                  <Badge kind="suspended">{t(`${E}.cancelled`)}</Badge>
                ) : (
                  <>
                    <Attendance e={e} />
                    {e.myAnswer && <> · {t(`${E}.mine.${e.myAnswer}`)}</>}
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.next && (
        <p>
          <button type="button" class="secondary outline" aria-busy={busy} disabled={busy} onClick={more}>
            {t(`${E}.loadMore`)}
          </button>
        </p>
      )}
    </section>
  );
}
