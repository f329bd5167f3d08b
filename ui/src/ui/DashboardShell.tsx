import type { ComponentChildren } from 'preact';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useOpenHere } from '../lib/paths';
import { type User, useSession } from '../lib/session';

/**
 * The dashboard pages by the keys of the server's role table (app/auth/roles.go), which also
 * decides their order and who sees them (user.dashboard).
 */
export const dashboardPages = {
  home: '/dashboard',
  chat: '/dashboard/chat',
  notifications: '/dashboard/notifications',
  applications: '/dashboard/applications',
  saved: '/dashboard/saved',
  profile: '/dashboard/user/profile',
  account: '/dashboard/user/account',
  moderation: '/dashboard/moderation',
  organization: '/dashboard/organization',
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
} as const;

export type DashboardKey = keyof typeof dashboardPages;

/** The side navigation: only the pages this user may open, the current one marked. */
function DashboardNav({ user }: { user?: User }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [open, setOpen] = useOpenHere();
  return (
    <nav class={`dash-nav${open ? ' dash-nav--open' : ''}`} aria-label={t('dashboard.nav.label')}>
      <button
        type="button"
        class="secondary outline"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls="dash-nav-list"
        onClick={() => setOpen(!open)}
      >
        {t('dashboard.nav.menu')}
      </button>
      <ul id="dash-nav-list">
        {(user?.dashboard ?? []).map((key) => {
          const href = dashboardPages[key as DashboardKey];
          if (!href) return null;
          return (
            <li key={key}>
              <Link href={href} aria-current={location === href || (key !== 'home' && location.startsWith(`${href}/`)) ? 'page' : undefined}>
                {t(`dashboard.nav.${key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Every dashboard page: the side navigation and the page's heading, then the page itself once
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
  return (
    <div class="dashboard">
      <DashboardNav user={user} />
      <div class="dashboard__content">{content}</div>
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
