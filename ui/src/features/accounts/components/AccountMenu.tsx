import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { initialsOf, session, type User } from '../../../lib/session';
import { useOpenHere } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { fullName } from '../../../lib/names';

/**
 * The signed-in user's avatar, which opens a small menu (a disclosure: Esc or a click
 * elsewhere closes it). Loaded once someone is signed in (see UserMenu).
 */
export function AccountMenu({ id, user }: { id: string; user: User }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useOpenHere();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('click', outside);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('click', outside);
      document.removeEventListener('keydown', esc);
    };
  }, [open, setOpen]);

  const name = fullName(i18n.language, user.firstName, user.lastName);
  const signOut = async () => {
    setOpen(false);
    await session.signOut();
    toast.success(t('auth.userMenu.signedOut'));
    navigate('/');
  };
  return (
    <div class="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={`${id}-user-menu`}
        onClick={() => setOpen(!open)}
      >
        <span class="avatar avatar--small" aria-hidden="true">
          {initialsOf(user.firstName, user.lastName)}
        </span>
        <span class="visually-hidden">{name}</span>
      </button>
      <div id={`${id}-user-menu`} class="user-menu__panel" hidden={!open}>
        <p class="user-menu__who">
          <strong>{name}</strong>
          <br />
          <small class="muted">{user.email}</small>
        </p>
        <ul>
          <li>
            <Link href="/dashboard">{t('auth.userMenu.dashboard')}</Link>
          </li>
          <li>
            <Link href="/dashboard/user/profile">{t('auth.userMenu.profile')}</Link>
          </li>
          <li>
            <Link href="/dashboard/user/account">{t('auth.userMenu.account')}</Link>
          </li>
          <li>
            <button type="button" class="secondary outline" onClick={signOut}>
              {t('auth.userMenu.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
