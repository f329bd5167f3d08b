// The applicant board (/dashboard/kanban): one column per application status; cards move by
// drag and drop, by each card's "Move to" menu (keyboard and phone: focus stays on the moved
// card, a live region says what happened), or many at once (select, then move). Filter by
// posting (?opportunity=<id>) and status; the same applications as a table; CSV and XLSX
// exports of the current filter. The card's detail opens in a dialog (?application=<id> opens one).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { EmptyState } from '../../../../ui/EmptyState';
import { SelectField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { type ApiError } from '../../../../lib/api';
import { formatDate } from '../../../../lib/formatTime';
import { useQuery } from '../../../../lib/query';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { DashboardShell } from '../../../../ui/DashboardShell';
import { exportHref, listApplicants, listPostings, moveApplicants, type PipelineFilter } from '../api';
import { ApplicantDialog } from '../components/ApplicantDialog';
import { D, label, StatusBadge, Loading, useSections } from '../components/parts';
import { APP_STATUSES, type Applicant, type AppStatus, MOVE_TO, type Summary } from '../types';
import { adoptStyles } from '../../../../lib/styles';
import css from '../dashboard.css?inline';

adoptStyles(css);

const K = `${D}.kanban`;

/** Where staff may move an application from its status (app/opportunities/rules.go, staffMayMove). */
export const targets = (from: string): AppStatus[] => (from === 'hired' || from === 'opted_out' ? [] : MOVE_TO.filter((s) => s !== from));

function Flags({ a }: { a: Applicant }) {
  const { t } = useTranslation();
  return (
    <>
      {a.meetsMustHaves && <span class="opp-flag opp-flag--ok">{t(`${K}.meets`)}</span>}
      {a.waiting && <span class="opp-flag">{t(`${K}.waiting`)}</span>}
    </>
  );
}

function Labels({ a }: { a: Applicant }) {
  const { t } = useTranslation();
  if (!a.labels.length) return null;
  return (
    <ul class="opp-labels" aria-label={t(`${K}.labels`)}>
      {a.labels.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

function MoveMenu({ a, onMove }: { a: Applicant; onMove: (a: Applicant, to: AppStatus) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const to = targets(a.status);
  if (!to.length) return null;
  return (
    <details class="opp-move" ref={ref}>
      <summary id={`move-${a.id}`}>
        {t(`${K}.moveTo`)}
        <span class="visually-hidden"> {a.name}</span>
      </summary>
      <ul>
        {to.map((s) => (
          <li key={s}>
            <button
              type="button"
              class="secondary outline"
              onClick={() => {
                if (ref.current) ref.current.open = false;
                onMove(a, s);
              }}
            >
              {label(t, 'applicationStatuses', s)}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

interface CardProps {
  a: Applicant;
  selected: boolean;
  onSelect: (id: number, on: boolean) => void;
  onOpen: (id: number) => void;
  onMove: (a: Applicant, to: AppStatus) => void;
  onDrag: (id: number | null) => void;
  onDrop: (id: number, to: AppStatus) => void;
}

function Card({ a, selected, onSelect, onOpen, onMove, onDrag }: Omit<CardProps, 'onDrop'>) {
  const { t } = useTranslation();
  const movable = targets(a.status).length > 0;
  return (
    <li
      class={`opp-card${selected ? ' opp-card--selected' : ''}`}
      draggable={movable}
      data-id={a.id}
      onDragStart={(e) => {
        e.dataTransfer?.setData('text/plain', String(a.id));
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
        onDrag(a.id);
      }}
      onDragEnd={() => onDrag(null)}
    >
      <div class="opp-card__head">
        <input
          id={`sel-${a.id}`}
          type="checkbox"
          checked={selected}
          disabled={!movable}
          aria-label={t(`${K}.select`, { name: a.name })}
          onChange={(e) => onSelect(a.id, e.currentTarget.checked)}
        />
        <button type="button" id={`card-${a.id}`} class="opp-card__name" onClick={() => onOpen(a.id)}>
          {a.name}
        </button>
      </div>
      <p class="opp-card__posting">{a.opportunity}</p>
      <p class="muted">{t(`${K}.appliedOn`, { date: formatDate(t, a.createdAt) })}</p>
      <Labels a={a} />
      <p class="opp-card__flags">
        <Flags a={a} />
      </p>
      <MoveMenu a={a} onMove={onMove} />
    </li>
  );
}

function Column({ status, items, dragging, cardProps }: { status: AppStatus; items: Applicant[]; dragging: Applicant | null; cardProps: Omit<CardProps, 'a' | 'selected'> & { selected: number[] } }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const accepts = !!dragging && targets(dragging.status).includes(status);
  return (
    <section
      class={`opp-column${over && accepts ? ' opp-column--over' : ''}`}
      aria-labelledby={`col-${status}`}
      data-status={status}
      onDragOver={(e) => {
        // Any column takes the drop; a move the rules refuse is said so (onDrop).
        e.preventDefault();
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const id = Number(e.dataTransfer?.getData('text/plain'));
        if (id) cardProps.onDrop(id, status);
      }}
    >
      <h2 id={`col-${status}`}>
        {label(t, 'applicationStatuses', status)} <span class="muted">{t(`${K}.columnCount`, { count: items.length })}</span>
      </h2>
      {items.length === 0 ? (
        <p class="muted opp-column__empty">{t(`${K}.emptyColumn`)}</p>
      ) : (
        <ul>
          {items.map((a) => (
            <Card key={a.id} a={a} {...cardProps} selected={cardProps.selected.includes(a.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BoardView() {
  const { t } = useTranslation();
  const query = useQuery();
  const [, navigate] = useLocation();
  const filter: PipelineFilter = { opportunity: query?.get('opportunity') ?? '', status: query?.get('status') ?? '' };
  const [items, setItems] = useState<Applicant[] | null>(null);
  const [postings, setPostings] = useState<Summary[]>([]);
  const [error, setError] = useState('');
  const [view, setView] = useState<'board' | 'table'>('board');
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkTo, setBulkTo] = useState('');
  const [announce, setAnnounce] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);

  // ?application=<id> opens that applicant (the calendar's interviews link here).
  const linked = Number(query?.get('application') ?? 0);
  const [closedLinked, setClosedLinked] = useState(0);
  const openId = open ?? (linked > 0 && closedLinked !== linked ? linked : null);

  const key = `${filter.opportunity}|${filter.status}`;
  useEffect(() => {
    if (!query) return;
    let live = true;
    (async () => {
      const all: Applicant[] = [];
      let after: string | undefined;
      for (let i = 0; i < 10; i++) {
        const page = await listApplicants(filter, after);
        all.push(...page.items);
        if (!page.next) break;
        after = page.next;
      }
      return all;
    })().then(
      (all) => {
        if (!live) return;
        setItems(all);
        setError('');
      },
      (err: ApiError) => {
        onApiError(err);
        if (live) setError(err.message);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, !!query]);

  useEffect(() => {
    listPostings({}).then(
      (p) => setPostings(p.items),
      (err: ApiError) => onApiError(err),
    );
  }, []);

  // The moved card keeps the focus: its name button, in its new column or row.
  const focusId = useRef<number | null>(null);
  useEffect(() => {
    if (focusId.current === null) return;
    document.getElementById(`card-${focusId.current}`)?.focus();
    focusId.current = null;
  }, [items]);

  const setFilter = (patch: Partial<PipelineFilter>) => {
    const next = { ...filter, ...patch };
    const q = new URLSearchParams();
    if (next.opportunity) q.set('opportunity', next.opportunity);
    if (next.status) q.set('status', next.status);
    setSelected([]);
    navigate(`/dashboard/kanban${q.toString() ? `?${q}` : ''}`, { replace: true });
  };

  const nameOf = (id: number) => items?.find((a) => a.id === id)?.name ?? String(id);

  const move = async (ids: number[], to: AppStatus) => {
    try {
      const res = await moveApplicants(ids, to);
      const done = new Set(res.done);
      if (ids.length === 1) focusId.current = ids[0];
      setItems((prev) => prev?.map((a) => (done.has(a.id) ? { ...a, status: to, waiting: false } : a)) ?? prev);
      setSelected((s) => s.filter((id) => !done.has(id)));
      const status = label(t, 'applicationStatuses', to);
      const msgs: string[] = [];
      if (res.done.length === 1) msgs.push(t(`${K}.moved`, { name: nameOf(res.done[0]), status }));
      else if (res.done.length > 1) msgs.push(t(`${K}.movedMany`, { count: res.done.length, status }));
      for (const [id, why] of Object.entries(res.refused ?? {})) msgs.push(t(`${K}.refused`, { name: nameOf(Number(id)), reason: why }));
      setAnnounce(msgs.join(' '));
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    }
  };

  if (error) return <Alert variant="error">{error}</Alert>;
  const shown = APP_STATUSES.filter((s) => !filter.status || s === filter.status);
  const dragging = items?.find((a) => a.id === dragId) ?? null;
  const cardProps = {
    selected,
    onSelect: (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id))),
    onOpen: setOpen,
    onMove: (a: Applicant, to: AppStatus) => move([a.id], to),
    onDrag: setDragId,
    onDrop: (id: number, to: AppStatus) => {
      const a = items?.find((x) => x.id === id);
      if (!a || a.status === to) return;
      if (targets(a.status).includes(to)) move([id], to);
      else setAnnounce(t(`${K}.cannotMove`, { name: a.name, status: label(t, 'applicationStatuses', to) }));
    },
  };

  return (
    <>
      <div class="opp-filters">
        <SelectField
          id="kb-posting"
          label={t(`${K}.posting`)}
          value={filter.opportunity}
          onChange={(e) => setFilter({ opportunity: e.currentTarget.value })}
          options={[{ value: '', label: t(`${K}.allPostings`) }, ...postings.map((p) => ({ value: String(p.id), label: p.title || t(`${D}.untitled`) }))]}
        />
        <SelectField
          id="kb-status"
          label={t(`${K}.status`)}
          value={filter.status}
          onChange={(e) => setFilter({ status: e.currentTarget.value })}
          options={[{ value: '', label: t(`${K}.allStatuses`) }, ...APP_STATUSES.map((s) => ({ value: s, label: label(t, 'applicationStatuses', s) }))]}
        />
      </div>
      <div class="button-row opp-toolbar">
        <div role="group" aria-label={t(`${K}.view`)} class="opp-toggle">
          <button type="button" class={view === 'board' ? undefined : 'secondary outline'} aria-pressed={view === 'board' ? 'true' : 'false'} onClick={() => setView('board')}>
            {t(`${K}.asBoard`)}
          </button>
          <button type="button" class={view === 'table' ? undefined : 'secondary outline'} aria-pressed={view === 'table' ? 'true' : 'false'} onClick={() => setView('table')}>
            {t(`${K}.asTable`)}
          </button>
        </div>
        <a href={exportHref(filter, 'csv')} download class="secondary outline" role="button">
          {t(`${K}.exportCsv`)}
        </a>
        <a href={exportHref(filter, 'xlsx')} download class="secondary outline" role="button">
          {t(`${K}.exportXlsx`)}
        </a>
      </div>
      <form
        class="button-row opp-bulk"
        aria-label={t(`${K}.bulk`)}
        onSubmit={(e) => {
          e.preventDefault();
          if (selected.length && bulkTo) move(selected, bulkTo as AppStatus);
        }}
      >
        <span class="muted">{t(`${K}.selected`, { count: selected.length })}</span>
        <SelectField
          id="kb-bulk"
          label={t(`${K}.bulkTo`)}
          value={bulkTo}
          onChange={(e) => setBulkTo(e.currentTarget.value)}
          options={[{ value: '', label: t(`${D}.editor.choose`) }, ...MOVE_TO.map((s) => ({ value: s, label: label(t, 'applicationStatuses', s) }))]}
        />
        <button type="submit" disabled={!selected.length || !bulkTo}>
          {t(`${K}.bulkMove`)}
        </button>
      </form>
      <p role="status" aria-live="polite" class="opp-announce">
        {announce}
      </p>
      {!items ? (
        <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : items.length === 0 ? (
        <EmptyState title={t(`${K}.emptyTitle`)}>{t(`${K}.emptyText`)}</EmptyState>
      ) : view === 'board' ? (
        <div class="opp-board" role="region" aria-label={t(`${K}.board`)} tabIndex={0}>
          {shown.map((s) => (
            <Column key={s} status={s} items={items.filter((a) => a.status === s)} dragging={dragging} cardProps={cardProps} />
          ))}
        </div>
      ) : (
        <Table
          id="kb-table"
          caption={t(`${K}.tableCaption`)}
          rows={items}
          rowKey={(a) => String(a.id)}
          columns={[
            {
              key: 'name',
              header: t(`${K}.name`),
              cell: (a) => (
                <button type="button" id={`card-${a.id}`} class="opp-card__name" onClick={() => setOpen(a.id)}>
                  {a.name}
                </button>
              ),
            },
            { key: 'posting', header: t(`${K}.posting`), cell: (a) => a.opportunity },
            { key: 'status', header: t(`${K}.status`), cell: (a) => <StatusBadge list="applicationStatuses" status={a.status} /> },
            { key: 'applied', header: t(`${K}.applied`), cell: (a) => formatDate(t, a.createdAt) },
            { key: 'labels', header: t(`${K}.labels`), cell: (a) => a.labels.join(', ') },
            { key: 'flags', header: t(`${K}.flags`), cell: (a) => <Flags a={a} /> },
            {
              key: 'select',
              header: t(`${K}.selectColumn`),
              cell: (a) => (
                <input type="checkbox" checked={selected.includes(a.id)} disabled={!targets(a.status).length} aria-label={t(`${K}.select`, { name: a.name })} onChange={(e) => cardProps.onSelect(a.id, e.currentTarget.checked)} />
              ),
            },
            { key: 'move', header: t(`${K}.moveColumn`), cell: (a) => <MoveMenu a={a} onMove={cardProps.onMove} /> },
          ]}
        />
      )}
      <ApplicantDialog
        id={openId}
        onClose={() => {
          setOpen(null);
          setClosedLinked(linked);
        }}
        onChanged={(d) => setItems((prev) => prev?.map((a) => (a.id === d.id ? { ...a, status: d.status, labels: d.labels, waiting: d.waiting } : a)) ?? prev)}
      />
    </>
  );
}

function KanbanPage() {
  return <DashboardShell page="kanban">{() => <BoardView />}</DashboardShell>;
}

/** The page, once the opportunities' value lists (a catalog section it shares with the public pages) are loaded. */
export function Kanban() {
  const ready = useSections(['opportunities']);
  return ready ? <KanbanPage /> : <Loading titleKey={'dashboard.kanban.title'} />;
}
