// The account page's "Blocked and muted people", loaded after the page (its own chunk and its
// words, moderation.ui), so the account page's first load stays within its budget.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyView, type PageComponent, prepare } from '../../../lib/lazy';

const view = lazyView('communities/moderation/BlockedPeople', () => import('./BlockedPeople').then((m) => m.BlockedPeople));

export function BlockedPeopleSection() {
  const { i18n } = useTranslation();
  const [Loaded, setLoaded] = useState<PageComponent | null>(() => view.loaded() ?? null);
  useEffect(() => {
    if (Loaded) return;
    prepare({ view, sections: ['moderation.ui'] }, i18n).then(
      () => setLoaded(() => view.loaded() ?? null),
      () => undefined, // offline: the section stays away; the rest of the page works
    );
  }, [Loaded, i18n]);
  return Loaded ? <Loaded /> : null;
}
