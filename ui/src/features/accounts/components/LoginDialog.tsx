import type { ComponentType } from 'preact';
import { useSyncExternalStore } from 'preact/compat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyView, prepare } from '../../../lib/lazy';

/** Whether the login dialog is open: one dialog per page, opened from either header. */
let isOpen = false;
const listeners = new Set<() => void>();
const setOpen = (open: boolean) => {
  isOpen = open;
  listeners.forEach((l) => l());
};
export const loginDialog = {
  open: () => setOpen(true),
  close: () => setOpen(false),
  isOpen: () => isOpen,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The dialog and its strings (catalog section "auth") load when it is first opened. */
const choice = {
  view: lazyView('accounts/components/LoginChoice', () => import('./LoginChoice').then((m) => m.LoginChoice)),
  sections: ['auth', 'auth.errors', 'auth.register'],
};

/**
 * Where the login dialog lives in the layout. Nothing of it is in a page's first load: the
 * header's sign-in link goes to the sign-in page until JavaScript runs, and opens this after.
 */
export function LoginDialog() {
  const { i18n } = useTranslation();
  const open = useSyncExternalStore(loginDialog.subscribe, loginDialog.isOpen, loginDialog.isOpen);
  const [View, setView] = useState<ComponentType<{ open: boolean }> | undefined>(() => choice.view.loaded() as never);
  useEffect(() => {
    if (!open || View) return;
    prepare(choice, i18n).then(
      () => setView(() => choice.view.loaded() as ComponentType<{ open: boolean }>),
      () => window.location.assign(`/${i18n.language}/auth/login`), // no chunk: the sign-in page itself
    );
  }, [open, View, i18n]);
  return View ? <View open={open} /> : null;
}
