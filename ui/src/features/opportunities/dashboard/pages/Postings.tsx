// The organisation's postings (/dashboard/job: jobs, careers, recruitment, development,
// education; /dashboard/tour: travel and exchange): status filter, search, status badges and
// the number of applications of each.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { EmptyState } from '../../../../ui/EmptyState';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { type ApiError } from '../../../../lib/api';
import { formatDate } from '../../../../lib/formatTime';
import { onApiError, type User } from '../../../../lib/session';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { listPostings } from '../api';
import { D, label, options, pageKey, StatusBadge, Loading, useSections } from '../components/parts';
import { GROUP_KINDS, type Group, type OrgSummary, type PlanUsage, STATUSES } from '../types';
import { useDebounced } from '../../../../lib/api';
import { adoptStyles } from '../../../../lib/styles';
import css from '../dashboard.css?inline';

adoptStyles(css);


function PostingList({ group, user }: { group: Group; user: User }) {
  const { t } = useTranslation();
  const kinds = GROUP_KINDS[group];
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 300);
  const [items, setItems] = useState<OrgSummary[] | null>(null);
  const [next, setNext] = useState('');
  const [usage, setUsage] = useState<PlanUsage | null>(null);
  const [error, setError] = useState('');
  const manage = user.organization?.role === 'owner' || user.organization?.role === 'manager';

  const load = (after = '') =>
    // Without a kind, the server keeps this page's group of kinds.
    listPostings({ status, kind, kinds: kind ? '' : kinds.join(','), q, after }).then(
      (page) => {
        setItems((prev) => (after && prev ? [...prev, ...page.items] : page.items));
        setNext(page.next);
        setUsage(page.usage);
        setError('');
      },
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  useEffect(() => {
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, kind, q]);

  return (
    <>
      {manage && (
        <p>
          <Link href={`/dashboard/${group}/new`} role="button">
            {t(`${D}.list.new`)}
          </Link>
        </p>
      )}
      {usage && usage.max >= 0 && (
        <p id="opp-usage" class="muted">
          {t(`${D}.list.usage`, { used: usage.used, count: usage.max, plan: usage.plan })}
          {usage.used >= usage.max && (
            <>
              {' '}
              <Link href="/pricing">{t(`${D}.pricing`)}</Link>
            </>
          )}
        </p>
      )}
      <form class="opp-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField id="opp-q" type="search" label={t(`${D}.list.search`)} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        <SelectField
          id="opp-status"
          label={t(`${D}.list.status`)}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          options={[{ value: '', label: t(`${D}.list.allStatuses`) }, ...options(t, 'statuses', STATUSES)]}
        />
        <SelectField
          id="opp-kind"
          label={t(`${D}.list.kind`)}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value)}
          options={[{ value: '', label: t(`${D}.list.allKinds`) }, ...options(t, 'kinds', kinds)]}
        />
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      <p class="muted" role="status">
        {items ? t(`${D}.list.count`, { count: items.length }) : ''}
      </p>
      {!items ? (
        !error && <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : items.length === 0 ? (
        <EmptyState title={t(`${D}.list.emptyTitle`)}>{t(`${D}.list.emptyText`)}</EmptyState>
      ) : (
        <Table
          id="opp-list"
          caption={t(`${D}.list.caption.${group}`)}
          rows={items}
          rowKey={(s) => String(s.id)}
          columns={[
            { key: 'title', header: t(`${D}.list.title`), cell: (s) => <Link href={`/dashboard/${group}/${s.id}`}>{s.title || t(`${D}.untitled`)}</Link> },
            { key: 'kind', header: t(`${D}.list.kind`), cell: (s) => label(t, 'kinds', s.kind) },
            { key: 'status', header: t(`${D}.list.status`), cell: (s) => <StatusBadge list="statuses" status={s.status} /> },
            { key: 'deadline', header: t(`${D}.list.deadline`), cell: (s) => formatDate(t, s.deadline) },
            {
              key: 'apps',
              header: t(`${D}.list.applications`),
              cell: (s) =>
                s.applications ? (
                  <Link href={`/dashboard/kanban?opportunity=${s.id}`} aria-label={t(`${D}.list.applicationsOf`, { count: s.applications, title: s.title })}>
                    {s.applications}
                  </Link>
                ) : (
                  '0'
                ),
            },
          ]}
        />
      )}
      {next && (
        <button type="button" class="secondary outline" onClick={() => load(next)}>
          {t(`${D}.list.loadMore`)}
        </button>
      )}
    </>
  );
}

function PostingsPage({ group }: { group: Group }) {
  return <DashboardShell page={pageKey(group)}>{(user) => <PostingList group={group} user={user} />}</DashboardShell>;
}

/** The page, once the opportunities' value lists (a catalog section it shares with the public pages) are loaded. */
export function Postings({ group }: { group: Group }) {
  const ready = useSections(['opportunities']);
  return ready ? <PostingsPage group={group} /> : <Loading titleKey={`dashboard.${group}s.title`} />;
}
