// "Report" for anything a person can see, and "Block or mute" for a person. The buttons are
// tiny: their dialogs and words (the catalog section moderation.ui) load after the page, for
// signed-in people only, so no page that shows them pays for them in its first load.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyView, type PageComponent, prepare } from '../../../lib/lazy';
import { useSession } from '../../../lib/session';

export type ReportTarget = 'post' | 'comment' | 'topic' | 'poll' | 'profile' | 'community' | 'opportunity';

const dialogs = lazyView('communities/moderation/Dialogs', () => import('./Dialogs').then((m) => m.Dialogs));
const sections = ['moderation.ui'];

type Open = { kind: 'report'; target: ReportTarget; id: number } | { kind: 'person'; userId: number; name: string };

function useDialog(signedIn: boolean) {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState<Open | null>(null);
  const [Loaded, setLoaded] = useState<PageComponent | null>(() => dialogs.loaded() ?? null);
  useEffect(() => {
    if (!signedIn || Loaded) return;
    prepare({ view: dialogs, sections }, i18n).then(
      () => setLoaded(() => dialogs.loaded() ?? null),
      () => undefined, // offline: no button
    );
  }, [signedIn, Loaded, i18n]);
  const view = open && Loaded ? <Loaded open={open} onClose={() => setOpen(null)} /> : null;
  return { show: setOpen, ready: !!Loaded, view };
}

/** "Report" for anything a person can see; only signed-in people see it, and not on what they wrote (`authorId`). */
export function ReportButton({ target, id, authorId }: { target: ReportTarget; id: number; authorId?: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const own = !!user && user.id === authorId;
  const d = useDialog(!!user && !own);
  if (!user || own || !d.ready) return null;
  return (
    <>
      <button type="button" class="secondary outline mod-report" onClick={() => d.show({ kind: 'report', target, id })}>
        {t('moderation.ui.button.report')}
      </button>
      {d.view}
    </>
  );
}

/** Block or mute a person (not oneself; only signed-in people see it). */
export function PersonMenu({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const d = useDialog(!!user && user.id !== userId);
  if (!user || user.id === userId || !d.ready) return null;
  return (
    <>
      <button type="button" class="secondary outline mod-person" onClick={() => d.show({ kind: 'person', userId, name })}>
        {t('moderation.ui.button.person')}
      </button>
      {d.view}
    </>
  );
}
