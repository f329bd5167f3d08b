// The forms desk (/dashboard/forms): one form at a time, searched as you type, filtered,
// sorted, paged with "Load more", exported with the same filters; people's deletion requests;
// and, for admins, who may use the desk.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { countryName, countryOptions } from '../../components/labels';
import { FORM_NAMES, SCHEMAS } from '../../components/schemas';
import { Table } from '../../../../ui/Table';
import { type ApiError, get, put } from '../../../../lib/api';
import { onApiError, type User } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { formatDate, formatDateTime } from '../../../../lib/formatTime';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import type { Resp } from '../../../../lib/apitypes';
import {
  type DeletionRequest,
  defaultFilters,
  exportHref,
  type Filters,
  filtersFrom,
  formOfReference,
  type ListItem,
  type ListPage,
  listPath,
  pageQuery,
  SORTS,
  STATUSES,
} from './data';
import { useDebounced } from '../../../../lib/api';
import { adoptStyles } from '../../../../lib/styles';
import css from './desk.css?inline';

adoptStyles(css);

const D = 'forms.desk';


function FormTabs({ filters, onSelect }: { filters: Filters; onSelect: (f: Filters) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t(`${D}.formsLabel`)} class="desk-tabs">
      <ul>
        {FORM_NAMES.map((f) => (
          <li key={f}>
            <Link href={`/dashboard/forms?form=${f}`} aria-current={filters.form === f ? 'page' : undefined} onClick={() => onSelect({ ...defaultFilters, form: f })}>
              {t(`forms.names.${f}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FilterBar({ filters, query, onQuery, onChange }: { filters: Filters; query: string; onQuery: (q: string) => void; onChange: (f: Partial<Filters>) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language; // the options are sorted in the page's language
  const countries = useMemo(() => countryOptions(i18n, SCHEMAS.volunteer.countries ?? [], lang), [i18n, lang]);
  const select = (id: keyof Filters, label: string, options: { value: string; label: string }[], empty?: string) => (
    <div class="field">
      <label for={`desk-${id}`}>{label}</label>
      <select id={`desk-${id}`} value={filters[id]} onChange={(e) => onChange({ [id]: e.currentTarget.value } as Partial<Filters>)}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === filters[id]}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form role="search" aria-label={t(`${D}.filtersLabel`)} class="desk-filters" onSubmit={(e) => e.preventDefault()}>
      <div class="field desk-filters__search">
        <label for="desk-q">{t(`${D}.search`)}</label>
        <input id="desk-q" type="search" value={query} autoComplete="off" aria-describedby="desk-q-hint" onInput={(e) => onQuery(e.currentTarget.value)} />
        <small id="desk-q-hint">{t(`${D}.searchHint`)}</small>
      </div>
      {select('status', t(`${D}.status`), STATUSES.map((s) => ({ value: s, label: t(`${D}.statuses.${s}`) })), t(`${D}.anyStatus`))}
      <div class="field">
        <label for="desk-from">{t(`${D}.from`)}</label>
        <input id="desk-from" type="date" value={filters.from} onChange={(e) => onChange({ from: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for="desk-to">{t(`${D}.to`)}</label>
        <input id="desk-to" type="date" value={filters.to} onChange={(e) => onChange({ to: e.currentTarget.value })} />
      </div>
      {filters.form === 'volunteer' && select('country', t(`${D}.country`), countries, t(`${D}.anyCountry`))}
      {select('sort', t(`${D}.sort`), SORTS.map((s) => ({ value: s, label: t(`${D}.sorts.${s}`) })))}
    </form>
  );
}

function SubmissionList({ filters }: { filters: Filters }) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<ListItem[] | null>(null);
  const [total, setTotal] = useState<number | undefined>();
  const [next, setNext] = useState('');
  const [error, setError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const seq = useRef(0);
  const path = listPath(filters);

  useEffect(() => {
    const mine = ++seq.current;
    get<ListPage>(path).then(
      (page) => {
        if (mine !== seq.current) return;
        setError('');
        setItems(page.items ?? []);
        setTotal(page.total ?? undefined);
        setNext(page.next || '');
      },
      (err: ApiError) => {
        if (mine !== seq.current) return;
        onApiError(err);
        setError(err.message);
        setItems([]);
      },
    );
  }, [path]);

  const more = () => {
    const mine = seq.current;
    setLoadingMore(true);
    get<ListPage>(listPath(filters, next))
      .then(
        (page) => {
          if (mine !== seq.current) return;
          setItems((list) => [...(list ?? []), ...(page.items ?? [])]);
          setNext(page.next || '');
        },
        (err: ApiError) => {
          onApiError(err);
          toast.error(err.message);
        },
      )
      .finally(() => setLoadingMore(false));
  };

  const columns = [
    {
      key: 'reference',
      header: t(`${D}.columns.reference`),
      cell: (r: ListItem) => <Link href={`/dashboard/forms/${filters.form}/${r.id}`}>{r.reference}</Link>,
    },
    { key: 'name', header: t(`${D}.columns.name`), cell: (r: ListItem) => r.name },
    { key: 'email', header: t(`${D}.columns.email`), cell: (r: ListItem) => r.email },
    { key: 'status', header: t(`${D}.columns.status`), cell: (r: ListItem) => t(`${D}.statuses.${r.status}`, { defaultValue: r.status }) },
    ...(filters.form === 'volunteer'
      ? [{ key: 'country', header: t(`${D}.columns.country`), cell: (r: ListItem) => countryName(i18n, r.country ?? '') }]
      : []),
    { key: 'lang', header: t(`${D}.columns.lang`), cell: (r: ListItem) => t(`forms.ui.languages.${r.lang === 'mn' ? 'mn' : 'en'}`) },
    { key: 'createdAt', header: t(`${D}.columns.received`), cell: (r: ListItem) => formatDateTime(t, r.createdAt) },
  ];

  return (
    <>
      <p role="status" class="desk-count">
        {items === null ? t('dashboard.loading') : total !== undefined ? t(`${D}.total`, { count: total }) : ''}
      </p>
      {error && <Alert variant="error">{error}</Alert>}
      {items && items.length > 0 && (
        <Table id="desk-list" caption={t(`${D}.caption`, { form: t(`forms.names.${filters.form}`) })} columns={columns} rows={items} rowKey={(r) => String(r.id)} />
      )}
      {items && items.length === 0 && !error && <p class="muted">{t(`${D}.empty`)}</p>}
      {next && (
        <p>
          <button type="button" class="secondary outline" onClick={more} aria-busy={loadingMore ? 'true' : undefined}>
            {t(`${D}.loadMore`)}
          </button>
        </p>
      )}
    </>
  );
}

function DeletionRequests({ onSelect }: { onSelect: (f: Filters) => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<DeletionRequest[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    get<Resp<'listDeletionRequests'>>('/admin/deletion-requests').then(
      (r) => setList(r.requests ?? []),
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  }, []);
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!list) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  if (!list.length) return <p class="muted">{t(`${D}.deletion.none`)}</p>;
  return (
    <Table
      id="desk-deletions"
      caption={t(`${D}.deletion.caption`)}
      rowKey={(r) => String(r.id)}
      rows={list}
      columns={[
        {
          key: 'reference',
          header: t(`${D}.columns.reference`),
          cell: (r) => {
            const form = formOfReference(r.reference);
            if (!form) return r.reference;
            const f = { ...defaultFilters, form, q: r.reference };
            return (
              <Link href={`/dashboard/forms?${pageQuery(f)}`} onClick={() => onSelect(f)}>
                {r.reference}
              </Link>
            );
          },
        },
        { key: 'email', header: t(`${D}.columns.email`), cell: (r) => r.email },
        { key: 'at', header: t(`${D}.deletion.requested`), cell: (r) => formatDate(t, r.createdAt) },
        { key: 'exists', header: t(`${D}.deletion.matches`), cell: (r) => t(r.exists ? `${D}.deletion.yes` : `${D}.deletion.no`) },
      ]}
    />
  );
}

/** Admins: give or take the desk (with or without the sensitive fields). */
function StaffAccess() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState('desk');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const v = email.trim();
    if (!v) {
      setError(t('validation.required'));
      ref.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      await put('/admin/users/staff', { email: v, level });
      toast.success(t(`${D}.staff.done`, { email: v, level: t(`${D}.staff.levels.${level}`) }));
      setEmail('');
    } catch (err) {
      const a = err as ApiError;
      onApiError(a);
      setError(a.errors?.email ?? a.errors?.level ?? a.message);
      ref.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate class="desk-staff">
      <div class="field">
        <label for="staff-email">{t(`${D}.staff.email`)}</label>
        <input
          id="staff-email"
          ref={ref}
          type="email"
          autoComplete="off"
          value={email}
          required
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'staff-email-error' : undefined}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
        {error && (
          <small id="staff-email-error" class="field__error">
            {error}
          </small>
        )}
      </div>
      <fieldset>
        <legend>{t(`${D}.staff.level`)}</legend>
        {(['none', 'desk', 'sensitive'] as const).map((l) => (
          <label key={l} for={`staff-level-${l}`}>
            <input id={`staff-level-${l}`} type="radio" name="staff-level" value={l} checked={level === l} onChange={() => setLevel(l)} />
            {t(`${D}.staff.levels.${l}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" aria-busy={busy ? 'true' : undefined}>
        {t(`${D}.staff.apply`)}
      </button>
    </form>
  );
}

function Desk({ user }: { user: User }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(() => filtersFrom(window.location.search));
  const [query, setQuery] = useState(filters.q);
  const q = useDebounced(query, 300);

  // A tab or a request's link (same page, new query) and Back / Forward set the filters.
  const select = (f: Filters) => {
    setFilters(f);
    setQuery(f.q);
  };
  useEffect(() => {
    const onPop = () => select(filtersFrom(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The debounced query goes into the filters when it settles (while rendering: state
  // derived from state, not set in an effect after it).
  const [settled, setSettled] = useState(q);
  if (q !== settled) {
    setSettled(q);
    if (q !== filters.q) setFilters((f) => ({ ...f, q }));
  }

  // The query string follows the filters, so Back from a submission returns to this list.
  useEffect(() => {
    const url = `${window.location.pathname}?${pageQuery(filters)}`;
    if (url !== window.location.pathname + window.location.search) history.replaceState(history.state, '', url);
  }, [filters]);

  const change = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <>
      <FormTabs filters={filters} onSelect={select} />
      <Section id="desk-list-section" title={t(`forms.names.${filters.form}`)}>
        <FilterBar filters={filters} query={query} onQuery={setQuery} onChange={change} />
        <p class="button-row">
          <a class="button-link button-link--outline" href={exportHref(filters, 'csv')} download>
            {t(`${D}.exportCsv`)}
          </a>
          <a class="button-link button-link--outline" href={exportHref(filters, 'xlsx')} download>
            {t(`${D}.exportXlsx`)}
          </a>
        </p>
        <SubmissionList filters={filters} />
      </Section>
      <Section id="desk-deletions-section" title={t(`${D}.deletion.title`)}>
        <p>{t(`${D}.deletion.text`)}</p>
        <DeletionRequests onSelect={select} />
      </Section>
      {user.isAdmin && (
        <Section id="desk-staff-section" title={t(`${D}.staff.title`)}>
          <p>{t(`${D}.staff.text`)}</p>
          <StaffAccess />
        </Section>
      )}
    </>
  );
}

export function FormsDesk() {
  return <DashboardShell page="submissions">{(user) => <Desk user={user} />}</DashboardShell>;
}
