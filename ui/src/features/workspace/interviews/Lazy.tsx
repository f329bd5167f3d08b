// The interview parts of the applicant board's dialog and of the applicant's applications
// page, loaded after the page (their own chunk and their words, workspaceInterviews), so the
// pages' first loads stay within their budgets.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyView, prepare, type LazyView, type PageComponent } from '../../../lib/lazy';
import type { Interview } from './api';

const staff = lazyView('workspace/interviews/components/StaffInterviews', () => import('./components/StaffInterviews').then((m) => m.StaffInterviews));
const mine = lazyView('workspace/interviews/components/MyInterviews', () => import('./components/MyInterviews').then((m) => m.MyInterviews));

/** Loads view and the words once; calls back with the component. */
function useLoad(view: LazyView, setLoaded: (c: PageComponent) => void, loaded: boolean) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (loaded) return;
    prepare({ view, sections: ['workspaceInterviews'] }, i18n).then(
      () => {
        const c = view.loaded();
        if (c) setLoaded(c);
      },
      () => undefined, // offline: the part stays away; the rest of the page works
    );
  }, [loaded, view, i18n, setLoaded]);
}

export function StaffInterviewsLazy(props: { appId: number; onChanged: () => void }) {
  const [Loaded, setLoaded] = useState<PageComponent | null>(() => staff.loaded() ?? null);
  useLoad(staff, (c) => setLoaded(() => c), !!Loaded);
  return Loaded ? <Loaded {...props} /> : null;
}

export function MyInterviewsLazy(props: { items: Interview[]; onChanged: (x: Interview) => void }) {
  const [Loaded, setLoaded] = useState<PageComponent | null>(() => mine.loaded() ?? null);
  useLoad(mine, (c) => setLoaded(() => c), !!Loaded);
  return Loaded && props.items.length ? <Loaded {...props} /> : null;
}
