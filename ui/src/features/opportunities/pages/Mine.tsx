// The applicant's dashboard pages: /dashboard/applications (each application with its status,
// timeline, and opting out) and /dashboard/saved (the opportunities they saved).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/formatTime';
import { onApiError } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../ui/Alert';
import { DashboardShell } from '../../../ui/DashboardShell';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { documentUrl, myApplications, searchOpportunities, withdrawApplication } from '../api';
import { label } from '../components/format';
import { OpportunityCard } from '../components/OpportunityCard';
import { Timeline } from '../components/Timeline';
import type { MyApplication, Summary } from '../types';
import { listMine, type Interview } from '../../workspace/interviews/api';
import { MyInterviewsLazy } from '../../workspace/interviews/Lazy';

const M = 'opportunities.mine';
/** Statuses an applicant can no longer opt out of. */
const FINAL = new Set(['hired', 'declined', 'opted_out']);

/** A list paged by the API's cursor: the first page, then "load more". */
function useCursorList<T>(load: (after: string) => Promise<{ items: T[] | null; next: string }>) {
  const [state, setState] = useState<{ items: T[]; next: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    load('').then(
      (p) => live && setState({ items: p.items ?? [], next: p.next }),
      (err: ApiError) => {
        onApiError(err);
        if (live) setError(err.message);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  const more = () => {
    if (!state?.next || busy) return;
    setBusy(true);
    load(state.next)
      .then(
        (p) => setState((s) => ({ items: [...(s?.items ?? []), ...(p.items ?? [])], next: p.next })),
        (err: ApiError) => {
          onApiError(err);
          setError(err.message);
        },
      )
      .finally(() => setBusy(false));
  };
  const update = (fn: (items: T[]) => T[]) => setState((s) => (s ? { ...s, items: fn(s.items) } : s));
  return { state, error, busy, more, update };
}

function MoreButton({ show, busy, onClick }: { show: boolean; busy: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <p>
      <button type="button" class="secondary" aria-busy={busy ? 'true' : undefined} onClick={onClick}>
        {t('opportunities.browse.more')}
      </button>
    </p>
  );
}

function ApplicationItem({
  app,
  onWithdraw,
  interviews,
  onInterview,
}: {
  app: MyApplication;
  onWithdraw: (a: MyApplication) => void;
  interviews: Interview[];
  onInterview: (x: Interview) => void;
}) {
  const { t } = useTranslation();
  const h = `app-${app.id}-h`;
  return (
    <article class="card opp-app" aria-labelledby={h}>
      <header>
        <h2 id={h} class="card__title">
          <Link href={`/opportunities/${app.slug}`}>{app.opportunity}</Link>
        </h2>
        <p class="card__meta">{app.organization}</p>
      </header>
      <p>
        <strong class={`opp-status opp-status--${app.status}`}>{label(t, 'applicationStatuses', app.status)}</strong>{' '}
        <span class="muted">{t(`${M}.dates`, { applied: formatDate(t, app.createdAt), updated: formatDate(t, app.updatedAt) })}</span>
      </p>
      {app.waitingSince && <p>{t(`${M}.waiting`, { date: formatDate(t, app.waitingSince) })}</p>}
      {app.message && (
        <blockquote>
          <p>{app.message}</p>
        </blockquote>
      )}
      <MyInterviewsLazy items={interviews} onChanged={onInterview} />
      <details>
        <summary>{t(`${M}.timeline`)}</summary>
        <Timeline events={app.timeline ?? []} />
      </details>
      {app.documents && app.documents.length > 0 && (
        <p>
          {t(`${M}.documents`)}{' '}
          {app.documents.map((d, i) => (
            <span key={d.id}>
              {i > 0 && ', '}
              <a href={documentUrl(app.id, d.id)} download={d.name}>
                {label(t, 'documents', d.kind)}
              </a>
            </span>
          ))}
        </p>
      )}
      {!FINAL.has(app.status) && (
        <footer>
          <button type="button" class="secondary outline" onClick={() => onWithdraw(app)}>
            {t(`${M}.withdraw`)}
          </button>
        </footer>
      )}
    </article>
  );
}

function Applications() {
  const { t } = useTranslation();
  const list = useCursorList<MyApplication>(loadApplications);
  const [asking, setAsking] = useState<MyApplication | null>(null);
  const [busy, setBusy] = useState(false);
  // The applicant's interviews (newest first within each application): one call for the page.
  const [interviews, setInterviews] = useState<Interview[]>([]);
  const loadInterviews = () => listMine().then((l) => setInterviews([...l.items].reverse()), onApiError);
  useEffect(() => {
    loadInterviews();
  }, []);
  const onInterview = (x: Interview) => setInterviews((all) => all.map((v) => (v.id === x.id ? x : v)));
  const confirm = () => {
    if (!asking || busy) return;
    setBusy(true);
    withdrawApplication(asking.id)
      .then(
        (updated) => {
          list.update((items) => items.map((a) => (a.id === updated.id ? updated : a)));
          toast.success(t(`${M}.withdrawn`));
          setAsking(null);
          loadInterviews(); // withdrawing cancels the interview
        },
        (err: ApiError) => {
          onApiError(err);
          toast.error(err.message);
        },
      )
      .finally(() => setBusy(false));
  };
  if (list.error) return <Alert variant="error">{list.error}</Alert>;
  if (!list.state) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  if (!list.state.items.length) {
    return (
      <EmptyState title={t(`${M}.emptyTitle`)} level={2} action={<Link href="/opportunities">{t(`${M}.find`)}</Link>}>
        {t(`${M}.empty`)}
      </EmptyState>
    );
  }
  return (
    <>
      <ul class="opp-list">
        {list.state.items.map((a) => (
          <li key={a.id}>
            <ApplicationItem app={a} onWithdraw={setAsking} interviews={interviews.filter((v) => v.applicationId === a.id)} onInterview={onInterview} />
          </li>
        ))}
      </ul>
      <MoreButton show={!!list.state.next} busy={list.busy} onClick={list.more} />
      <Dialog
        open={!!asking}
        onClose={() => setAsking(null)}
        id="withdraw"
        title={t(`${M}.confirmTitle`)}
        footer={
          <div class="button-row">
            <button type="button" class="secondary" onClick={() => setAsking(null)}>
              {t(`${M}.keep`)}
            </button>
            <button type="button" aria-busy={busy ? 'true' : undefined} onClick={confirm}>
              {t(`${M}.confirm`)}
            </button>
          </div>
        }
      >
        <p>{asking ? t(`${M}.confirmText`, { title: asking.opportunity, organization: asking.organization }) : ''}</p>
      </Dialog>
    </>
  );
}

const loadApplications = (after: string) => myApplications(after);
const loadSaved = (after: string) => searchOpportunities(`saved=true${after ? `&after=${encodeURIComponent(after)}` : ''}`);

function Saved() {
  const { t } = useTranslation();
  const list = useCursorList<Summary>(loadSaved);
  if (list.error) return <Alert variant="error">{list.error}</Alert>;
  if (!list.state) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  if (!list.state.items.length) {
    return (
      <EmptyState title={t(`${M}.savedEmptyTitle`)} level={2} action={<Link href="/opportunities">{t(`${M}.find`)}</Link>}>
        {t(`${M}.savedEmpty`)}
      </EmptyState>
    );
  }
  return (
    <>
      <ul class="opp-list">
        {list.state.items.map((item) => (
          <li key={item.id}>
            <OpportunityCard item={item} level={2} />
          </li>
        ))}
      </ul>
      <MoreButton show={!!list.state.next} busy={list.busy} onClick={list.more} />
    </>
  );
}

/** /dashboard/applications (list "applications") or /dashboard/saved (list "saved"). */
export function Mine({ list }: { list: 'applications' | 'saved' }) {
  return (
    <DashboardShell page={list} titleKey={`${M}.${list}.title`}>
      {() => (list === 'saved' ? <Saved /> : <Applications />)}
    </DashboardShell>
  );
}
