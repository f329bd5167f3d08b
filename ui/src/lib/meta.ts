import { useEffect, useState } from 'react';
import { get } from './api';

/** GET /api/meta: what this installation is (the parts the UI uses). */
export interface Meta {
  demo?: boolean;
  supportEmail?: string;
  appStoreUrl?: string;
  playStoreUrl?: string;
}

let meta: Promise<Meta> | undefined;

/** /api/meta, fetched once per page load (a failure is an installation that says nothing). */
export const fetchMeta = (): Promise<Meta> => (meta ??= get<Meta>('/meta').catch(() => ({})));

/**
 * What the server says about itself. Undefined on the first render, so the page hydrates with
 * what was prerendered (the prerendered pages are the same for every installation).
 */
export function useMeta(): Meta | undefined {
  const [value, setValue] = useState<Meta>();
  useEffect(() => {
    let live = true;
    fetchMeta().then((m) => live && setValue(m));
    return () => {
      live = false;
    };
  }, []);
  return value;
}
