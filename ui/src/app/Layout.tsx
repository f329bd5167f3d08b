import type { ComponentChildren } from 'preact';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { type Lang, otherLang, rememberLanguage } from '../lib/i18n';
import { useMeta } from '../lib/meta';
import { localize } from '../lib/paths';
import { footerGroups, footerNav, mainNav } from './routes';
import { Bell } from '../features/notifications/components/Bell';
import { LogoMark } from '../ui/Logo';
import { LoginDialog } from '../features/accounts/components/LoginDialog';
import { Toaster } from '../ui/Toaster';
import { UserMenu } from '../features/accounts/components/UserMenu';

/** A link inside the current language; marks itself as the current page. */
export function NavLink({ href, children }: { href: string; children: ComponentChildren }) {
  const [location] = useLocation();
  return (
    <Link href={href} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * A real link to the same page in the other language: it works without JavaScript, and loads
 * the other language's bundle. The choice is remembered in the `lang` cookie.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const other = otherLang(i18n.language as Lang);
  return (
    <a
      class="lang-switch"
      href={localize(other, location)}
      hrefLang={other}
      lang={other}
      onClick={() => rememberLanguage(i18n, other)}
    >
      {t('layout.language.other')}
    </a>
  );
}

function MainNavList() {
  const { t } = useTranslation();
  return (
    <ul>
      {mainNav.map((r) => (
        <li key={r.path}>
          <NavLink href={r.path}>{t(r.navKey!)}</NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a --demo installation, every page says so, under the header: the accounts and data are
 * samples, and nothing real belongs there. The server writes this same markup into the pages it
 * serves and marks <html data-demo> (app/platform/web/ui.go), so the first render matches it and
 * it is there without JavaScript; /api/meta has the last word once it answers.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  const label = t('layout.demo.label');
  const meta = useMeta();
  const demo = meta ? meta.demo : typeof document !== 'undefined' && document.documentElement.hasAttribute('data-demo');
  return demo ? (
    <div class="demo-notice" role="note" aria-label={label}>
      <p class="container">
        <strong>{label}</strong> {t('layout.demo.text')}
      </p>
    </div>
  ) : null;
}

function Header() {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  // After a choice in the phone menu, close it (the page changes under it without a reload).
  const closeMenu = (e: MouseEvent) => {
    if ((e.target as Element).closest('a')) menu.current?.removeAttribute('open');
  };
  return (
    <header class="site-header">
      <div class="container site-header__bar">
        <Link href="/" class="brand" aria-label={t('layout.homeLink')}>
          <LogoMark />
          <span class="brand__name">{t('app.name')}</span>
        </Link>
        <nav class="site-nav site-nav--wide" aria-label={t('layout.nav.label')}>
          <MainNavList />
        </nav>
        <Bell />
        <div class="site-actions site-actions--wide">
          <LanguageSwitcher />
          <UserMenu id="header" />
        </div>
        <details class="site-menu" ref={menu} onClick={closeMenu}>
          <summary>{t('layout.nav.menu')}</summary>
          <div class="site-menu__panel">
            <nav class="site-nav" aria-label={t('layout.nav.label')}>
              <MainNavList />
            </nav>
            <div class="site-actions">
              <LanguageSwitcher />
              <UserMenu id="menu" />
            </div>
          </div>
        </details>
      </div>
      <DemoNotice />
    </header>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer class="site-footer">
      <div class="container">
        <nav aria-label={t('layout.footer.label')} class="site-footer__nav">
          {footerGroups.map((group) => (
            <div key={group}>
              <h2 class="site-footer__heading" id={`footer-${group}`}>
                {t(`layout.footer.groups.${group}`)}
              </h2>
              <ul aria-labelledby={`footer-${group}`}>
                {footerNav
                  .filter((r) => r.group === group)
                  .map((r) => (
                    <li key={r.path}>
                      <NavLink href={r.path}>{t(r.navKey!)}</NavLink>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </nav>
        <p class="site-footer__copy">
          <small>{t('layout.footer.copyright')}</small>
        </p>
      </div>
    </footer>
  );
}

/** The stylesheets of the public site and of the dashboard (ui/build.mjs); unset in tests. */
declare const __APP_CSS__: string | undefined;
declare const __DASH_CSS__: string | undefined;

/**
 * Every page: the site's header and footer around it, or, for a dashboard page (`app`), the
 * page alone: it brings the application shell (ui/DashboardShell.tsx) with its own main. The
 * stylesheet of the page on screen is linked here too (the prerendered page has it in its head
 * already), so moving between the site and the dashboard loads the other one.
 */
export function Layout({ children, app }: { children: ComponentChildren; app?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <a class="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {typeof __APP_CSS__ === 'string' && <link rel="stylesheet" href={app ? __DASH_CSS__ : __APP_CSS__} />}
      {app ? (
        children
      ) : (
        <>
          <Header />
          <main id="main" class="container" tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </>
      )}
      <LoginDialog />
      <Toaster />
    </>
  );
}
