import type { ComponentType } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyView, prepare } from '../../../lib/lazy';
import { useSession } from '../../../lib/session';

/** The bell and its strings (catalog section "notifications") load once someone is signed in. */
const bell = {
  view: lazyView('notifications/components/NotificationBell', () => import('./NotificationBell').then((m) => m.NotificationBell as ComponentType)),
  sections: ['notifications'],
};

/** The header's notification bell: nothing for signed-out visitors (see NotificationBell). */
export function Bell() {
  const { i18n } = useTranslation();
  const state = useSession();
  const [View, setView] = useState<ComponentType | undefined>(() => bell.view.loaded() as never);
  useEffect(() => {
    if (state.status !== 'signedIn' || View) return;
    prepare(bell, i18n).then(
      () => setView(() => bell.view.loaded() as ComponentType),
      () => undefined,
    );
  }, [state.status, View, i18n]);
  return state.status === 'signedIn' && View ? <View /> : null;
}
