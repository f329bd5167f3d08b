// The forms desk's data: the list filters as a query string (the same for the list and the
// exports), and the shapes the admin API answers with.
import { FORM_NAMES, type FormName, STATUSES as FORM_STATUSES } from '../../components/schemas';
import type { Resp, Schema } from '../../../../lib/apitypes';

export interface Filters {
  form: FormName;
  q: string;
  status: string;
  from: string;
  to: string;
  country: string;
  sort: 'newest' | 'oldest' | 'name';
}

/** The desk's statuses, generated from the Go declaration. */
export const STATUSES = FORM_STATUSES;
export const SORTS = ['newest', 'oldest', 'name'] as const;

export const defaultFilters: Filters = { form: 'contact', q: '', status: '', from: '', to: '', country: '', sort: 'newest' };

/** Filters from the page's query string; unknown values fall back to the defaults. */
export function filtersFrom(search: string): Filters {
  const p = new URLSearchParams(search);
  const form = p.get('form') as FormName;
  const sort = p.get('sort') as Filters['sort'];
  const status = p.get('status') ?? '';
  const date = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
  return {
    form: FORM_NAMES.includes(form) ? form : defaultFilters.form,
    q: (p.get('q') ?? '').slice(0, 200),
    status: (STATUSES as readonly string[]).includes(status) ? status : '',
    from: date(p.get('from')),
    to: date(p.get('to')),
    country: /^[A-Za-z]{2}$/.test(p.get('country') ?? '') ? p.get('country')!.toUpperCase() : '',
    sort: SORTS.includes(sort) ? sort : 'newest',
  };
}

/**
 * The API's query for these filters (no form: it is in the path); empty values are left out.
 * The country filter applies to the volunteer form only.
 */
export function apiQuery(f: Filters, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  const add = (k: string, v: string) => v && p.set(k, v);
  add('q', f.q.trim());
  add('status', f.status);
  add('from', f.from);
  add('to', f.to);
  if (f.form === 'volunteer') add('country', f.country);
  if (f.sort !== 'newest') add('sort', f.sort);
  for (const [k, v] of Object.entries(extra)) add(k, v);
  return p.toString();
}

/** The page's own query string (the form included), so a reload or Back shows the same list. */
export function pageQuery(f: Filters): string {
  const q = apiQuery(f);
  return `form=${f.form}${q ? `&${q}` : ''}`;
}

export const listPath = (f: Filters, after = '') => `/admin/forms/${f.form}/submissions?${apiQuery(f, { after, limit: '50' })}`;
export const exportHref = (f: Filters, format: 'csv' | 'xlsx') => {
  const q = apiQuery(f);
  return `/api/admin/forms/${f.form}/export.${format}${q ? `?${q}` : ''}`;
};

/** The form a reference belongs to, by its prefix (CVP-2026-000123 → volunteer). */
export function formOfReference(reference: string): FormName | undefined {
  const prefix = reference.split('-')[0]?.toUpperCase();
  return ({ CON: 'contact', SUP: 'support', CVP: 'volunteer', RMP: 'roadmap' } as Record<string, FormName>)[prefix];
}

export type ListItem = Schema<'FormsListItem'>;

export type ListPage = Resp<'listSubmissions'>;

export type HistoryEvent = Schema<'FormsHistoryEntry'>;

export type Detail = Resp<'getSubmission'>;

export type DeletionRequest = Schema<'FormsDeletionRequestView'>;

/** The fields kept sealed at rest, shown only to staff allowed to see them. */
export const SENSITIVE: Partial<Record<FormName, string[]>> = {
  volunteer: ['dateOfBirth', 'medicalConditions', 'emergencyContacts'],
  roadmap: ['guardians'],
};
