import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';

// Apart from form.tsx so that pages without a query (the dashboard) do not load them.

/**
 * False on the server and while the prerendered page hydrates, true from the next render on:
 * what only the browser knows (the query, today's date) must wait for it, or the first render
 * would not match the prerendered HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // The one place state is set in an effect on purpose: a second render after hydration.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The query of the current URL, read after the first render (the prerendered page has none). */
export function useQuery(): URLSearchParams | null {
  useLocation(); // render again when the app navigates
  const search = useHydrated() ? window.location.search : null;
  return useMemo(() => (search === null ? null : new URLSearchParams(search)), [search]);
}

/**
 * Fills a form's empty fields from the query when it comes (and when it changes); what the
 * person typed wins. Done while rendering, as state derived from the query.
 */
export function useFillFromQuery<F extends { values: Record<string, string | boolean>; set: (name: never, value: never) => void }>(
  form: F,
  query: URLSearchParams | null,
  fill: (q: URLSearchParams) => Record<string, string | null | undefined>,
) {
  const [seen, setSeen] = useState<URLSearchParams | null>(null);
  if (query !== seen) {
    setSeen(query);
    if (query) {
      for (const [name, value] of Object.entries(fill(query))) {
        if (value && !form.values[name]) (form.set as (n: string, v: string) => void)(name, value);
      }
    }
  }
}
