// /opportunities: find published opportunities. The search is the URL's query string (see
// filters.ts): the form writes it, back/forward and a shared link restore it, and the results
// are what GET /api/opportunities answers for it, page after page with the API's cursor.
import type { TargetedEvent } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { useHydrated } from '../../../lib/query';
import { Alert } from '../../../ui/Alert';
import { EmptyState } from '../../../ui/EmptyState';
import { DateField, SelectField, TextField } from '../../../ui/fields/TextField';
import { PageIntro, Section } from '../../site/components/parts';
import { getOptions, searchOpportunities } from '../api';
import { OpportunityCard } from '../components/OpportunityCard';
import { activeFilters, EMPTY, type Filters, filtersQuery, parseFilters, SELECTS } from '../filters';
import type { Options, Summary } from '../types';

const B = 'opportunities.browse';

interface Results {
  query: string;
  items: Summary[];
  next: string;
  error?: ApiError;
}

/** The pages of results for one query string; `more` fetches the next one. */
function useResults(query: string | null) {
  const [got, setGot] = useState<Results>();
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    if (query === null) return;
    let live = true;
    searchOpportunities(query).then(
      (p) => live && setGot({ query, items: p.items ?? [], next: p.next }),
      (err: ApiError) => live && setGot({ query, items: [], next: '', error: err }),
    );
    return () => {
      live = false;
    };
  }, [query]);
  const current = got && got.query === query ? got : undefined;
  const more = () => {
    if (!current?.next || loadingMore) return;
    setLoadingMore(true);
    const after = new URLSearchParams(query ?? '');
    after.set('after', current.next);
    searchOpportunities(after.toString())
      .then(
        (p) => setGot((g) => (g && g.query === query ? { ...g, items: [...g.items, ...(p.items ?? [])], next: p.next } : g)),
        (err: ApiError) => setGot((g) => (g && g.query === query ? { ...g, error: err } : g)),
      )
      .finally(() => setLoadingMore(false));
  };
  return { results: current, more, loadingMore };
}

function useOptions(): Options | undefined {
  const { i18n } = useTranslation();
  const [options, setOptions] = useState<{ lang: string; options: Options }>();
  useEffect(() => {
    const lang = i18n.language;
    getOptions(lang).then(
      (o) => setOptions({ lang, options: o }),
      () => undefined, // the filters keep "Any" only; the results say what is wrong
    );
  }, [i18n.language]);
  return options?.lang === i18n.language ? options.options : undefined;
}

/** The countries as options by name in the page's language (catalog section data.countries). */
function useCountries() {
  const { i18n } = useTranslation();
  const names = (i18n.getResource(i18n.language, 'translation', 'data.countries') ?? {}) as Record<string, string>;
  return Object.entries(names)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => (a.value === 'MN' ? -1 : b.value === 'MN' ? 1 : a.label.localeCompare(b.label, i18n.language)));
}

export function Browse() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const search = useSearch();
  const [, navigate] = useLocation();
  // The prerendered page has no query: the URL's is read from the first render after hydration.
  const applied = hydrated ? parseFilters(search) : EMPTY;
  const query = hydrated ? filtersQuery(applied) : null;
  const { results, more, loadingMore } = useResults(query);
  const options = useOptions();
  const countries = useCountries();

  // What is typed but not searched yet; a new URL (back, forward, a link) starts from it again.
  const [draft, setDraft] = useState<{ from: string | null; f: Filters }>({ from: null, f: EMPTY });
  if (draft.from !== query) setDraft({ from: query, f: applied });
  const f = draft.from === query ? draft.f : applied;
  const setField = <K extends keyof Filters>(name: K, value: Filters[K]) => setDraft((d) => ({ ...d, f: { ...d.f, [name]: value } }));

  const go = (next: Filters) => {
    const qs = filtersQuery(next);
    navigate(qs ? `/opportunities?${qs}` : '/opportunities');
  };
  /** Lists and the checkbox apply at once; words and dates with the search button. */
  const choose = <K extends keyof Filters>(name: K, value: Filters[K]) => go({ ...f, [name]: value });
  const onSubmit = (e: TargetedEvent<HTMLFormElement>) => {
    e.preventDefault();
    go(f);
  };

  const errors = results?.error?.errors ?? {};
  const shownErrors = new Set(['q', 'country', 'deadlineFrom', 'deadlineTo', 'sort', ...SELECTS.map(([n]) => n)]);
  const otherError =
    results?.error && (Object.keys(errors).length === 0 ? results.error.message : Object.entries(errors).filter(([k]) => !shownErrors.has(k)).map(([, m]) => m).join(' '));
  const count = activeFilters(applied);
  const sortValue = f.sort || (f.q.trim() ? 'relevance' : 'newest');
  const anyOption = { value: '', label: t(`${B}.any`) };

  return (
    <>
      <PageIntro title={t('pages.opportunities.title')} lead={t('pages.opportunities.lead')} />
      {applied.holland && (
        <Alert variant="info">
          <p>{t(`${B}.holland`, { code: applied.holland })}</p>
          <p>
            <Link href="/opportunities">{t(`${B}.showAll`)}</Link>
          </p>
        </Alert>
      )}
      <form role="search" class="opp-search" method="get" action={`/${i18n.language}/opportunities`} onSubmit={onSubmit} aria-label={t(`${B}.searchLabel`)}>
        <div class="opp-search__bar">
          <TextField
            id="opp-q"
            name="q"
            type="search"
            label={t(`${B}.q`)}
            hint={t(`${B}.qHint`)}
            autoComplete="off"
            value={f.q}
            error={errors.q}
            onInput={(e) => setField('q', e.currentTarget.value)}
          />
          <button type="submit">{t(`${B}.submit`)}</button>
        </div>
        <details class="opp-filters" open={count > 0 || Object.keys(errors).length > 0 || undefined}>
          <summary>{count ? t(`${B}.filtersCount`, { count }) : t(`${B}.filters`)}</summary>
          <div class="opp-filters__grid">
            {SELECTS.map(([name, list]) => (
              <SelectField
                key={name}
                id={`opp-${name}`}
                name={name}
                label={t(`${B}.fields.${name}`)}
                options={[anyOption, ...(options?.[list] ?? (f[name] ? [{ value: f[name], label: f[name] }] : []))]}
                value={f[name]}
                error={errors[name]}
                onChange={(e) => choose(name, e.currentTarget.value)}
              />
            ))}
            <SelectField
              id="opp-country"
              name="country"
              label={t(`${B}.fields.country`)}
              options={[anyOption, ...countries]}
              value={f.country}
              error={errors.country}
              onChange={(e) => choose('country', e.currentTarget.value)}
            />
            <DateField
              id="opp-deadlineFrom"
              name="deadlineFrom"
              label={t(`${B}.fields.deadlineFrom`)}
              autoComplete="off"
              value={f.deadlineFrom}
              error={errors.deadlineFrom}
              onInput={(e) => setField('deadlineFrom', e.currentTarget.value)}
            />
            <DateField
              id="opp-deadlineTo"
              name="deadlineTo"
              label={t(`${B}.fields.deadlineTo`)}
              autoComplete="off"
              value={f.deadlineTo}
              error={errors.deadlineTo}
              onInput={(e) => setField('deadlineTo', e.currentTarget.value)}
            />
            <label class="opp-filters__check" for="opp-paid">
              <input id="opp-paid" type="checkbox" name="paid" value="true" checked={f.paid} onChange={(e) => choose('paid', e.currentTarget.checked)} />
              {t(`${B}.fields.paid`)}
            </label>
          </div>
          <div class="button-row">
            <button type="submit" class="secondary">
              {t(`${B}.apply`)}
            </button>
            {count > 0 && (
              <Link href={applied.holland ? `/opportunities?holland=${applied.holland}` : '/opportunities'} class="button-link button-link--outline">
                {t(`${B}.clear`)}
              </Link>
            )}
          </div>
        </details>
        <input type="hidden" name="holland" value={applied.holland} disabled={!applied.holland} />
        <div class="field opp-sort">
          <label for="opp-sort">{t(`${B}.sort`)}</label>
          <select id="opp-sort" name="sort" value={sortValue} onChange={(e) => choose('sort', e.currentTarget.value as Filters['sort'])}>
            {(['relevance', 'newest', 'deadline'] as const)
              .filter((s) => s !== 'relevance' || f.q.trim())
              .map((s) => (
                <option key={s} value={s} selected={s === sortValue}>
                  {t(`${B}.sorts.${s}`)}
                </option>
              ))}
          </select>
        </div>
      </form>

      <section class="opp-results" aria-labelledby="opp-results-h" aria-busy={!results ? 'true' : undefined}>
        <h2 id="opp-results-h" class="visually-hidden">
          {t(`${B}.results`)}
        </h2>
        <p role="status" class="muted">
          {results && !results.error ? t(`${B}.shown`, { count: results.items.length }) : ''}
        </p>
        {otherError && <Alert variant="error">{otherError}</Alert>}
        {!results && <p class="muted">{t(`${B}.loading`)}</p>}
        {results && !results.error && results.items.length === 0 && (
          <EmptyState title={t(`${B}.empty.title`)} level={3}>
            {t(`${B}.empty.text`)}
          </EmptyState>
        )}
        {results && results.items.length > 0 && (
          <ul class="opp-list">
            {results.items.map((item) => (
              <li key={item.id}>
                <OpportunityCard item={item} />
              </li>
            ))}
          </ul>
        )}
        {results?.next && (
          <p>
            <button type="button" class="secondary" onClick={more} aria-busy={loadingMore ? 'true' : undefined}>
              {t(`${B}.more`)}
            </button>
          </p>
        )}
      </section>

      <Section id="opp-safety" title={t('pages.opportunities.sections.safety.heading')}>
        <p>{t('pages.opportunities.sections.safety.body')}</p>
      </Section>
    </>
  );
}
