import type { ComponentType } from 'preact';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lazyView, prepare } from '../../../lib/lazy';
import { initialsOf, type User, useSession } from '../../../lib/session';
import { loginDialog } from './LoginDialog';

type MenuProps = { id: string; user: User };

/** The signed-in menu and its strings (catalog section "auth") load once someone is signed in. */
const account = {
  view: lazyView('accounts/components/AccountMenu', () => import('./AccountMenu').then((m) => m.AccountMenu as ComponentType)),
  sections: ['auth.userMenu'],
};

/**
 * The header's account control. Signed out: the sign-in link (a real link to the sign-in page
 * without JavaScript; with it, it opens the login dialog). Signed in: the user's avatar and
 * its menu (AccountMenu).
 */
export function UserMenu({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const state = useSession();
  const [Menu, setMenu] = useState<ComponentType<MenuProps> | undefined>(() => account.view.loaded() as never);
  useEffect(() => {
    if (state.status !== 'signedIn' || Menu) return;
    prepare(account, i18n).then(
      () => setMenu(() => account.view.loaded() as ComponentType<MenuProps>),
      () => undefined,
    );
  }, [state.status, Menu, i18n]);

  const user = state.user;
  if (user) {
    return Menu ? (
      <Menu id={id} user={user} />
    ) : (
      <span class="avatar avatar--small" aria-hidden="true">
        {initialsOf(user.firstName, user.lastName)}
      </span>
    );
  }
  return (
    <Link
      href="/auth/login"
      class="button-link"
      aria-haspopup="dialog"
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        loginDialog.open();
      }}
    >
      {t('layout.signIn')}
    </Link>
  );
}
