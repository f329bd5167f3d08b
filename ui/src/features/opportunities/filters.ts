// The search of the opportunities page is its URL's query string: the same names as the API's
// (GET /api/opportunities), so back/forward, reload and a shared link restore it, and the
// page asks the API with what its address says.

/** The select filters, in the order the page shows them, each with its list in /options. */
export const SELECTS = [
  ['kind', 'kinds'],
  ['employmentType', 'employmentTypes'],
  ['classification', 'classifications'],
  ['workplace', 'workplaces'],
  ['audience', 'audiences'],
  ['visaType', 'visaTypes'],
  ['exchangeType', 'exchangeTypes'],
] as const;

export type SelectName = (typeof SELECTS)[number][0];

export interface Filters {
  q: string;
  kind: string;
  employmentType: string;
  classification: string;
  workplace: string;
  audience: string;
  visaType: string;
  exchangeType: string;
  country: string;
  paid: boolean;
  deadlineFrom: string;
  deadlineTo: string;
  sort: '' | 'newest' | 'deadline' | 'relevance';
  holland: string;
}

export const EMPTY: Filters = {
  q: '',
  kind: '',
  employmentType: '',
  classification: '',
  workplace: '',
  audience: '',
  visaType: '',
  exchangeType: '',
  country: '',
  paid: false,
  deadlineFrom: '',
  deadlineTo: '',
  sort: '',
  holland: '',
};

const SORTS = ['newest', 'deadline', 'relevance'];

/** The filters a query string names; unknown parameters are ignored, odd values kept for the API to refuse. */
export function parseFilters(search: string | URLSearchParams): Filters {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const f: Filters = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Filters)[]) {
    const v = q.get(key);
    if (v === null) continue;
    if (key === 'paid') f.paid = v === 'true' || v === '1';
    else if (key === 'sort') f.sort = (SORTS.includes(v) ? v : '') as Filters['sort'];
    else if (key === 'holland' || key === 'country') f[key] = v.trim().toUpperCase();
    else f[key] = v;
  }
  return f;
}

/** The query string of some filters: only those set, in a fixed order (one search, one URL). */
export function filtersQuery(f: Filters): string {
  const out = new URLSearchParams();
  for (const key of Object.keys(EMPTY) as (keyof Filters)[]) {
    const v = f[key];
    if (key === 'paid') {
      if (v) out.set('paid', 'true');
    } else if (typeof v === 'string' && v.trim() !== '') out.set(key, key === 'q' ? v.trim() : v);
  }
  // Relevance needs words to rank by.
  if (!f.q.trim() && f.sort === 'relevance') out.delete('sort');
  return out.toString();
}

/** How many filters (besides the words, the sort and the Direction Board code) are set. */
export const activeFilters = (f: Filters): number =>
  [...SELECTS.map(([name]) => f[name]), f.country, f.deadlineFrom, f.deadlineTo].filter(Boolean).length + (f.paid ? 1 : 0);
