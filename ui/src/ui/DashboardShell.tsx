import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { DemoNotice, LanguageSwitcher } from '../app/Layout';
import { Bell } from '../features/notifications/components/Bell';
import { UserMenu } from '../features/accounts/components/UserMenu';
import { useOpenHere } from '../lib/paths';
import { type User, useSession } from '../lib/session';
import { LogoMark } from './Logo';

/**
 * The dashboard pages by the keys of the server's page registry (reg.AddPage), which also
 * decides their order and who sees them (user.dashboard).
 */
export const dashboardPages = {
  app: '/dashboard/app',
  home: '/dashboard',
  calendar: '/dashboard/calendar',
  booking: '/dashboard/booking',
  chat: '/dashboard/chat',
  fileManager: '/dashboard/file-manager',
  file: '/dashboard/file',
  mail: '/dashboard/mail',
  notifications: '/dashboard/notifications',
  applications: '/dashboard/applications',
  saved: '/dashboard/saved',
  profile: '/dashboard/user/profile',
  account: '/dashboard/user/account',
  moderation: '/dashboard/moderation',
  organization: '/dashboard/organization',
  people: '/dashboard/user/list',
  submissions: '/dashboard/forms',
  jobs: '/dashboard/job',
  tours: '/dashboard/tour',
  kanban: '/dashboard/kanban',
  approvals: '/dashboard/approvals',
  posts: '/dashboard/post',
  communities: '/dashboard/communities',
  outbox: '/dashboard/admin/outbox',
  audit: '/dashboard/admin/audit',
  directionBoard: '/dashboard/admin/direction-board',
  faq: '/dashboard/admin/faq',
  universities: '/dashboard/admin/universities',
  settings: '/dashboard/admin/settings',
  analytics: '/dashboard/analytics',
  banking: '/dashboard/banking',
  subscription: '/dashboard/subscription',
  invoices: '/dashboard/invoice',
  invoiceNew: '/dashboard/invoice/new',
  invoiceSettings: '/dashboard/invoice/settings',
  plans: '/dashboard/plans',
  orders: '/dashboard/orders',
  product: '/dashboard/product',
  order: '/dashboard/order',
  ecommerce: '/dashboard/ecommerce',
  permission: '/dashboard/permission',
  blank: '/dashboard/blank',
} as const;

export type DashboardKey = keyof typeof dashboardPages;

/** The sidebar's groups, in order; a page not named in navGroup is in the first. */
export const navGroups = ['workspace', 'opportunities', 'communities', 'account', 'staff'] as const;
type NavGroup = (typeof navGroups)[number];
const navGroup: Record<string, NavGroup> = {
  applications: 'opportunities',
  saved: 'opportunities',
  orders: 'account',
  organization: 'opportunities',
  jobs: 'opportunities',
  tours: 'opportunities',
  kanban: 'opportunities',
  approvals: 'opportunities',
  posts: 'communities',
  communities: 'communities',
  moderation: 'communities',
  profile: 'account',
  account: 'account',
  submissions: 'staff',
  outbox: 'staff',
  audit: 'staff',
  directionBoard: 'staff',
  faq: 'staff',
  universities: 'staff',
  settings: 'staff',
  subscription: 'account',
  invoices: 'account',
  plans: 'staff',
};
/** Pages opened by their address only (the shell's empty page). */
const unlisted = new Set<string>(['blank', 'file', 'invoiceNew', 'invoiceSettings']);

/** The pages of the sidebar: those the user may open, by group, each group in the registry's order. */
export function navOf(user?: User): [NavGroup, DashboardKey[]][] {
  const keys = (user?.dashboard ?? []).filter((k): k is DashboardKey => k in dashboardPages && !unlisted.has(k));
  return navGroups.map((g): [NavGroup, DashboardKey[]] => [g, keys.filter((k) => (navGroup[k] ?? 'workspace') === g)]).filter(([, ks]) => ks.length > 0);
}

// The sidebar's collapsed state, remembered in this browser.
const COLLAPSED = 'gerege.nav.collapsed';
const listeners = new Set<() => void>();
const readCollapsed = () => {
  try {
    return localStorage.getItem(COLLAPSED) === '1';
  } catch {
    return false;
  }
};
export function setCollapsed(collapsed: boolean): void {
  try {
    if (collapsed) localStorage.setItem(COLLAPSED, '1');
    else localStorage.removeItem(COLLAPSED);
  } catch {
    // private mode: not remembered
  }
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const useCollapsed = () => useSyncExternalStore(subscribe, readCollapsed, () => false);

/** The elements of the open drawer that take focus, in order (its close button, then the links). */
const focusables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('a[href], button')];

/**
 * The sidebar: the pages this user may open, grouped, the current one marked. On a wide screen
 * it can be hidden to a narrow rail (remembered); on a phone it is a drawer behind the menu
 * button: focus stays inside while it is open, Escape closes it and focus returns to the button.
 */
function DashboardNav({ user, collapsed }: { user?: User; collapsed: boolean }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [open, setOpen] = useOpenHere();
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    focusables(root)[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        opener.current?.focus();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!root.contains(document.activeElement) || (e.shiftKey && document.activeElement === first)) {
        e.preventDefault();
        (e.shiftKey ? last : first)?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <nav
      class={`app-nav${open ? ' app-nav--open' : ''}`}
      aria-label={t('dashboard.nav.label')}
      // Escape from inside closes it even before the effect above has run (a quick key after opening).
      onKeyDown={(e: KeyboardEvent) => {
        if (open && e.key === 'Escape') close();
      }}
    >
      <button
        ref={opener}
        type="button"
        class="app-nav__menu secondary outline"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls="app-nav-panel"
        onClick={() => setOpen(!open)}
      >
        {/* On phones the button is the usual three lines beside the logo; its name stays for assistive technology. */}
        <svg class="app-nav__icon" aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
        <span class="app-nav__menu-text">{t('dashboard.nav.menu')}</span>
      </button>
      <button
        type="button"
        class="app-nav__collapse secondary outline"
        aria-expanded={collapsed ? 'false' : 'true'}
        aria-controls="app-nav-panel"
        onClick={() => setCollapsed(!collapsed)}
      >
        {t(collapsed ? 'dashboard.nav.expand' : 'dashboard.nav.collapse')}
      </button>
      <div id="app-nav-panel" class="app-nav__panel" ref={panel}>
        <button type="button" class="app-nav__close secondary outline" onClick={close}>
          {t('dashboard.nav.close')}
        </button>
        <div class="app-nav__groups">
          {navOf(user).map(([group, keys]) => (
            <div key={group}>
              <span class="app-nav__label" id={`app-nav-${group}`}>
                {t(`dashboard.nav.groups.${group}`)}
              </span>
              <ul aria-labelledby={`app-nav-${group}`}>
                {keys.map((key) => {
                  const href = dashboardPages[key];
                  const current = location === href || (key !== 'home' && location.startsWith(`${href}/`));
                  return (
                    <li key={key}>
                      <Link href={href} aria-current={current ? 'page' : undefined}>
                        {t(`dashboard.nav.${key}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div class="app-nav__backdrop" onClick={close} />
    </nav>
  );
}

/** The top bar's search: jump to one of the pages the user may open, by its name. */
function PageSearch({ user }: { user: User }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [missed, setMissed] = useState(false);
  const pages = navOf(user).flatMap(([, keys]) => keys.map((k) => ({ label: t(`dashboard.nav.${k}`), href: dashboardPages[k] })));
  const go = (e: Event) => {
    e.preventDefault();
    const q = query.trim().toLowerCase();
    const hit = q ? (pages.find((p) => p.label.toLowerCase() === q) ?? pages.find((p) => p.label.toLowerCase().includes(q))) : undefined;
    setMissed(!hit);
    if (!hit) return;
    setQuery('');
    navigate(hit.href);
  };
  return (
    <form role="search" class="app-search" onSubmit={go}>
      <label for="app-search" class="visually-hidden">
        {t('dashboard.nav.search')}
      </label>
      <input
        id="app-search"
        type="search"
        list="app-search-pages"
        placeholder={t('dashboard.nav.search')}
        value={query}
        aria-describedby="app-search-hint"
        aria-invalid={missed ? 'true' : undefined}
        onInput={(e) => {
          setQuery(e.currentTarget.value);
          setMissed(false);
        }}
      />
      <datalist id="app-search-pages">
        {pages.map((p) => (
          <option key={p.href} value={p.label} />
        ))}
      </datalist>
      <small id="app-search-hint" class="visually-hidden" aria-live="polite">
        {t(missed ? 'dashboard.nav.searchNone' : 'dashboard.nav.searchHint')}
      </small>
    </form>
  );
}

/**
 * Every dashboard page, in the application shell (the site's header and footer are not on
 * dashboard pages: app/Layout.tsx): the sidebar, the top bar, and the page's heading, then the page itself once
 * the user is known. The server already refuses the page to others; this covers moves inside
 * the app (signed out → sign in and come back; not allowed → the 403 text).
 */
export function DashboardShell({
  page,
  titleKey = `dashboard.${page}.title`,
  children,
}: {
  page: DashboardKey;
  /** The heading's key when it is not dashboard.<page>.title (a feature's own catalog section). */
  titleKey?: string;
  children: (user: User) => ComponentChildren;
}) {
  const { t } = useTranslation();
  const state = useSession();
  const [, navigate] = useLocation();

  const back = () => `/auth/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`;
  // Signed out on arrival (the session ended between the page and the first question): sign
  // in and come back. After signing out here, or once it expired, the app has moved on itself.
  const absent = state.status === 'signedOut' && state.reason === 'absent';
  useEffect(() => {
    if (absent) navigate(back(), { replace: true });
  }, [absent, navigate]);

  const user = state.user;
  const allowed = user?.dashboard?.includes(page);
  let content: ComponentChildren;
  if (state.status === 'signedOut') {
    content = (
      <>
        <h1>{t(titleKey)}</h1>
        <p>
          {t('dashboard.signedOut')} <Link href={back()}>{t('dashboard.signIn')}</Link>
        </p>
      </>
    );
  } else if (!user) {
    content = (
      <>
        <h1>{t(titleKey)}</h1>
        <p aria-busy="true">{t('dashboard.loading')}</p>
      </>
    );
  } else if (!allowed) {
    content = (
      <>
        <h1>{t('status.forbidden.title')}</h1>
        <p>{t('status.forbidden.text')}</p>
      </>
    );
  } else {
    content = (
      <>
        <h1>{t(titleKey)}</h1>
        {children(user)}
      </>
    );
  }
  const collapsed = useCollapsed();
  return (
    <div class={`app${collapsed ? ' app--collapsed' : ''}`}>
      <DashboardNav user={user} collapsed={collapsed} />
      <header class="app-top">
        <Link href="/" class="brand" aria-label={t('layout.homeLink')}>
          <LogoMark />
        </Link>
        {user && <PageSearch user={user} />}
        <Bell />
        <LanguageSwitcher />
        <UserMenu id="app" />
        <DemoNotice />
      </header>
      <main id="main" class="app-main" tabIndex={-1}>
        {content}
      </main>
      <footer class="app-foot">
        <small>{t('layout.footer.copyright')}</small>
      </footer>
    </div>
  );
}

/** A dashboard page's section with its h2. */
export function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section class="dash-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
