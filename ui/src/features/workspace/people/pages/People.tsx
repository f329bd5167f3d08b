import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { EmptyState } from '../../../../ui/EmptyState';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import { Table } from '../../../../ui/Table';
import { type ApiError, get } from '../../../../lib/api';
import { onApiError } from '../../../../lib/session';
import { formatDate } from '../../../../lib/formatTime';
import { DashboardShell } from '../../../../ui/DashboardShell';
import type { Resp } from '../../../../lib/apitypes';
import { Avatar, editPath, type Options, type Person, roleLabel } from '../components/person';
import { adoptStyles } from '../../../../lib/styles';
import css from '../people.css?inline';

adoptStyles(css);

type Page = Resp<'listPeople'>;
type View = 'list' | 'cards';

interface Filters {
  q: string;
  role: string;
  org: string;
  verified: string;
  status: string;
  sort: string;
}

const empty: Filters = { q: '', role: '', org: '', verified: '', status: '', sort: 'name' };

const query = (f: Filters, after = '') =>
  new URLSearchParams(Object.entries({ ...f, after }).filter(([k, v]) => v !== '' && !(k === 'sort' && v === 'name'))).toString();

/** List, cards and invite: the three ways in, as links. */
function ViewLinks({ view }: { view: View }) {
  const { t } = useTranslation();
  return (
    <nav class="people-views" aria-label={t('people.ui.views')}>
      <Link href="/dashboard/user/list" aria-current={view === 'list' ? 'page' : undefined}>
        {t('people.ui.listView')}
      </Link>
      <Link href="/dashboard/user/cards" aria-current={view === 'cards' ? 'page' : undefined}>
        {t('people.ui.cardsView')}
      </Link>
      <Link href="/dashboard/user/new" role="button" class="secondary">
        {t('people.ui.invite')}
      </Link>
    </nav>
  );
}

function FilterForm({ options, initial, onApply }: { options: Options | null; initial: Filters; onApply: (f: Filters) => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState(initial);
  const set = (k: keyof Filters) => (e: { currentTarget: { value: string } }) => setF({ ...f, [k]: e.currentTarget.value });
  const any = (label: string) => [{ value: '', label }];
  return (
    <form
      class="people-filters"
      role="search"
      aria-label={t('people.ui.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(f);
      }}
    >
      <TextField id="people-q" type="search" name="q" label={t('people.ui.search')} value={f.q} onInput={set('q')} maxLength={200} />
      <SelectField
        id="people-role"
        name="role"
        label={t('people.ui.role')}
        value={f.role}
        onChange={set('role')}
        options={[...any(t('people.ui.anyRole')), ...(options?.roles ?? []).map((r) => ({ value: r, label: t(`people.ui.roles.${r}`) }))]}
      />
      {options?.all && (
        <SelectField
          id="people-org"
          name="org"
          label={t('people.ui.organization')}
          value={f.org}
          onChange={set('org')}
          options={[...any(t('people.ui.anyOrganization')), ...options.organizations.map((o) => ({ value: String(o.id), label: o.name }))]}
        />
      )}
      <SelectField
        id="people-verified"
        name="verified"
        label={t('people.ui.verified')}
        value={f.verified}
        onChange={set('verified')}
        options={[
          ...any(t('people.ui.anyVerified')),
          { value: 'email', label: t('people.ui.verifiedEmail') },
          { value: 'id', label: t('people.ui.verifiedId') },
        ]}
      />
      <SelectField
        id="people-status"
        name="status"
        label={t('people.ui.status')}
        value={f.status}
        onChange={set('status')}
        options={[...any(t('people.ui.anyStatus')), { value: 'active', label: t('people.ui.active') }, { value: 'suspended', label: t('people.ui.suspended') }]}
      />
      <SelectField
        id="people-sort"
        name="sort"
        label={t('people.ui.sort')}
        value={f.sort}
        onChange={set('sort')}
        options={[
          { value: 'name', label: t('people.ui.sortName') },
          { value: 'created', label: t('people.ui.sortCreated') },
          { value: 'lastSignIn', label: t('people.ui.sortLastSignIn') },
        ]}
      />
      <button type="submit">{t('people.ui.apply')}</button>
    </form>
  );
}

function Status({ person }: { person: Person }) {
  const { t } = useTranslation();
  return person.suspended ? <mark class="people-status">{t('people.ui.suspended')}</mark> : <span>{t('people.ui.active')}</span>;
}

function Cards({ people }: { people: Person[] }) {
  const { t } = useTranslation();
  return (
    <ul class="people-cards">
      {people.map((p) => (
        <li key={p.id} class="people-card">
          <Avatar person={p} large />
          <div>
            <h2 class="people-card__name">{p.name}</h2>
            <p class="people-card__role">{roleLabel(t, p)}</p>
            {p.organizationName && <p class="muted">{p.organizationName}</p>}
            <p>
              <Status person={p} />
            </p>
            <Link href={editPath(p.id)} aria-label={t('people.ui.editName', { name: p.name })}>
              {t('people.ui.edit')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Rows({ people }: { people: Person[] }) {
  const { t } = useTranslation();
  return (
    <Table
      id="people-table"
      caption={t('people.ui.caption')}
      rows={people}
      rowKey={(p) => String(p.id)}
      columns={[
        {
          key: 'name',
          header: t('people.ui.nameEmail'),
          cell: (p) => (
            <>
              <Link href={editPath(p.id)} aria-label={t('people.ui.editName', { name: p.name })}>
                {p.name}
              </Link>
              <small class="people-email">{p.email}</small>
            </>
          ),
        },
        { key: 'role', header: t('people.ui.role'), cell: (p) => roleLabel(t, p) },
        { key: 'org', header: t('people.ui.organization'), cell: (p) => p.organizationName ?? '—' },
        { key: 'status', header: t('people.ui.status'), cell: (p) => <Status person={p} /> },
        {
          key: 'signIn',
          header: t('people.ui.lastSignIn'),
          cell: (p) => (p.lastSignInAt ? formatDate(t, p.lastSignInAt) : t('people.ui.never')),
        },
      ]}
    />
  );
}

function Browser({ view }: { view: View }) {
  const { t } = useTranslation();
  // What to show: the filters and the cursor of the page to add ("" = from the start).
  const [want, setWant] = useState({ filters: empty, after: '' });
  const [options, setOptions] = useState<Options | null>(null);
  const [got, setGot] = useState<{ key: string; people: Person[]; next: string } | null>(null);
  const [error, setError] = useState('');
  const key = query(want.filters, want.after);
  const busy = got?.key !== key;
  useEffect(() => {
    const fail = (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    };
    get<Options>('/people/options').then(setOptions, fail);
  }, []);
  useEffect(() => {
    get<Page>(`/people?${key}`).then(
      (page) => {
        setError('');
        setGot((old) => ({ key, people: want.after && old ? [...old.people, ...page.items] : page.items, next: page.next ?? '' }));
      },
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  }, [key, want.after]);
  const people = got?.people;
  return (
    <>
      <ViewLinks view={view} />
      <FilterForm options={options} initial={want.filters} onApply={(filters) => setWant({ filters, after: '' })} />
      {error && <Alert variant="error">{error}</Alert>}
      <div aria-live="polite" aria-busy={busy ? 'true' : 'false'}>
        {!people ? (
          <p aria-busy="true">{t('people.ui.loading')}</p>
        ) : !people.length ? (
          <EmptyState title={t('people.ui.empty')}>{t('people.ui.emptyText')}</EmptyState>
        ) : view === 'cards' ? (
          <Cards people={people} />
        ) : (
          <Rows people={people} />
        )}
      </div>
      {got?.next && (
        <button type="button" class="secondary outline" disabled={busy} onClick={() => setWant({ ...want, after: got.next })}>
          {t('people.ui.more')}
        </button>
      )}
    </>
  );
}

export function PeopleList() {
  return <DashboardShell page="people" titleKey="people.ui.list.title">{() => <Browser view="list" />}</DashboardShell>;
}

export function PeopleCards() {
  return <DashboardShell page="people" titleKey="people.ui.cards.title">{() => <Browser view="cards" />}</DashboardShell>;
}
