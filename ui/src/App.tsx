import { useEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { Router, useLocation } from 'wouter';
import { Layout } from './components/Layout';
import { documentTitle } from './lib/head';
import type { Lang } from './lib/i18n';
import { trimSlash } from './lib/paths';
import { routeByPage, routeFor } from './routes';

/**
 * Routes inside one language: base "/en" or "/mn", so every link is built with the prefix, and
 * never ends in a slash (home is "/en", not "/en/").
 */
export function LangRouter({ lang, ssrPath, children }: { lang: Lang; ssrPath?: string; children: ComponentChildren }) {
  return (
    <Router
      base={`/${lang}`}
      ssrPath={ssrPath}
      hrefs={trimSlash}
      aroundNav={(navigate, to, options) => navigate(trimSlash(to), options)}
    >
      {children}
    </Router>
  );
}

/**
 * The site. `servedPage` is the prerendered page the server chose; it can differ from the one
 * the path names (the 500 or maintenance page is served at any path), and it is shown until the
 * user navigates away.
 */
export function App({ servedPage }: { servedPage?: string }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const firstLocation = useRef(location);
  const served = location === firstLocation.current && servedPage ? routeByPage(servedPage) : undefined;
  const route = served ?? routeFor(location);
  const View = route.view;

  // After a client-side navigation: new title and description, and focus on the new content.
  const firstRender = useRef(true);
  useEffect(() => {
    document.title = documentTitle(t, route.titleKey);
    document.querySelector('meta[name="description"]')?.setAttribute('content', t(route.descriptionKey));
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus();
  }, [route, t]);

  return (
    <Layout>
      <View />
    </Layout>
  );
}
