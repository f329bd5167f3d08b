// Pieces the dashboard's opportunity pages share: status badges, vocabulary labels, the
// history list, country options, and the catalog sections those pages read.
import type { i18n as I18n, TFunction } from 'i18next';
import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/formatTime';
import type { EventView } from '../types';

export const D = 'opportunitiesDashboard';

/** The dashboard page (navigation key) of a group of postings. */
export const pageKey = (group: 'job' | 'tour') => (group === 'job' ? 'jobs' : 'tours');

/** The value lists the editor names, fetched once it is shown (its route declares only kinds and statuses). */
export const EDITOR_SECTIONS = [
  'opportunities.classifications',
  'opportunities.employmentTypes',
  'opportunities.audiences',
  'opportunities.workplaces',
  'opportunities.exchangeTypes',
  'opportunities.visaTypes',
  'opportunities.payPeriods',
  'opportunities.documents',
  'opportunities.answers',
  'data.countries',
];

/** A value's label in one of the vocabularies (opportunities.<list>.<value>), or the value. */
export const label = (t: TFunction, list: string, value: string): string =>
  value ? t(`opportunities.${list}.${value}`, { defaultValue: value }) : '';

export const options = (t: TFunction, list: string, values: readonly string[]) => values.map((v) => ({ value: v, label: label(t, list, v) }));

/** A posting's or an organisation's status, named (not colour alone). */
export function StatusBadge({ list, status }: { list: 'statuses' | 'applicationStatuses' | 'orgStatuses'; status: string }) {
  const { t } = useTranslation();
  return <span class={`opp-badge opp-badge--${status}`}>{label(t, list, status)}</span>;
}

/** A history: status changes and notes, oldest first, each with who and when. */
export function History({ events, list }: { events: EventView[]; list: 'statuses' | 'applicationStatuses' }) {
  const { t } = useTranslation();
  if (!events.length) return <p class="muted">{t(`${D}.history.empty`)}</p>;
  return (
    <ol class="opp-history">
      {events.map((e, i) => (
        <li key={i}>
          <p>
            <strong>
              {e.kind === 'note'
                ? t(`${D}.history.note`)
                : e.from
                  ? t(`${D}.history.status`, { from: label(t, list, e.from), to: label(t, list, e.to) })
                  : t(`${D}.history.created`, { status: label(t, list, e.to) })}
            </strong>{' '}
            <span class="muted">{t(`${D}.history.byAt`, { who: e.by || t(`${D}.history.system`), when: formatDateTime(t, e.at) })}</span>
          </p>
          {e.note && <p class="opp-history__note">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** The countries (catalog section data.countries) as options, by name; Mongolia first. */
export function countryOptions(i18n: I18n): { value: string; label: string }[] {
  const names = (i18n.getResource(i18n.language, 'translation', 'data.countries') ?? {}) as Record<string, string>;
  return Object.entries(names)
    .map(([value, name]) => ({ value, label: name }))
    .sort((a, b) => (a.value === 'MN' ? -1 : b.value === 'MN' ? 1 : a.label.localeCompare(b.label, i18n.language)));
}

export { useSections } from '../../../../lib/sections';

/** A labelled textarea with its message (the field family has none bound to a value). */
export function TextArea({
  id,
  label: text,
  value,
  onValue,
  error,
  hint,
  rows = 4,
  name,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  name?: string;
}) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{text}</label>
      <textarea id={id} name={name ?? id} rows={rows} value={value} aria-invalid={error ? 'true' : undefined} aria-describedby={described} onInput={(e) => onValue(e.currentTarget.value)} />
      {error && (
        <small id={`${id}-error`} class="field__error">
          {error}
        </small>
      )}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

/** A fieldset whose legend names a group of fields, with the group's own message. */
export function Group({ id, legend, error, children }: { id: string; legend: string; error?: string; children: ComponentChildren }) {
  return (
    <fieldset id={id} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {children}
      {error && (
        <small id={`${id}-error`} class="field__error">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/** Whole days between an instant and now. */
export const daysSince = (iso: string | null, now: number): number => (iso ? Math.max(0, Math.floor((now - new Date(iso).getTime()) / 86_400_000)) : 0);

/** A page's title while its catalog sections load (the prerendered page shows it too). */
export function Loading({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t(titleKey)}</h1>
      <p aria-busy="true" />
    </>
  );
}
