import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, get } from './api';
import { onApiError } from './session';

/**
 * Loads an admin resource once, with `reload` for after a change. A failed load shows the
 * server's message (and a lapsed session goes through onApiError).
 */
export function useResource<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(
    () =>
      get<T>(path).then(
        (d) => {
          setData(d);
          setError('');
        },
        (err: ApiError) => {
          onApiError(err);
          setError(err.message);
        },
      ),
    [path],
  );
  useEffect(() => {
    reload();
  }, [reload]);
  return { data, error, reload };
}

/**
 * A list the server pages by keyset (?before=ID, `next` is the cursor of the following page or
 * 0): newest first, with the cursors of the pages seen kept for going back.
 */
export function useKeysetPages<T>(path: string) {
  const [cursors, setCursors] = useState<number[]>([0]);
  const [error, setError] = useState('');
  const cursor = cursors[cursors.length - 1];
  const url = cursor ? `${path}?before=${cursor}` : path;
  // The page that came for which URL: until this one's comes, there is none to show.
  const [got, setGot] = useState<{ url: string; data: T } | null>(null);
  const data = got?.url === url ? got.data : null;
  useEffect(() => {
    get<T>(url).then(
      (d) => setGot({ url, data: d }),
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  }, [url]);
  return {
    data,
    error,
    page: cursors.length,
    older: (next: number) => setCursors((c) => [...c, next]),
    newer: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
  };
}

/** Newer / older buttons under a keyset list. */
export function KeysetPager({ page, next, onNewer, onOlder }: { page: number; next: number; onNewer: () => void; onOlder: () => void }) {
  const { t } = useTranslation();
  return (
    <nav class="button-row" aria-label={t('ui.pagination.label')}>
      <button type="button" class="secondary outline" disabled={page <= 1} onClick={onNewer}>
        {t('dashboard.paging.newer')}
      </button>
      <span class="muted">{t('ui.pagination.page', { page })}</span>
      <button type="button" class="secondary outline" disabled={!next} onClick={onOlder}>
        {t('dashboard.paging.older')}
      </button>
    </nav>
  );
}
