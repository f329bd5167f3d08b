import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { onApiError, useSession } from '../../../lib/session';
import { boardApi, type PastResult } from '../api';
import { sharedPath } from '../paths';

/** "2026-07-20T09:30:00Z" → the local calendar date "2026-07-20". */
const localDay = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** A signed-in person's earlier results, newest first (nothing for visitors). */
export function PastResults({ exclude }: { exclude?: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [results, setResults] = useState<PastResult[] | null>(null);
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    boardApi.mine().then(
      (data) => live && setResults(data.results ?? []),
      (err: ApiError) => onApiError(err),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const list = (results ?? []).filter((r) => r.resultToken !== exclude);
  if (!signedIn || !list.length) return null;
  return (
    <section class="board-past" aria-labelledby="board-past-title">
      <h2 id="board-past-title">{t('directionBoard.past.title')}</h2>
      <ul class="board-past__list">
        {list.map((r) => (
          <li key={r.resultToken}>
            <Link href={sharedPath(r.resultToken)}>
              {t('directionBoard.past.item', { code: r.code, date: formatDate(t, localDay(r.finishedAt)) })}
            </Link>
            {r.unanswered > 0 && <span class="muted"> {t('directionBoard.result.unanswered', { count: r.unanswered })}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
