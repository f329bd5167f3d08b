import { useEffect, useRef, useState } from 'react';
import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { Router, useLocation } from 'wouter';
import { Layout } from './Layout';
import { updateHead } from '../lib/head';
import type { Lang } from '../lib/i18n';
import { isReady, prepare } from '../lib/lazy';
import { trimSlash } from '../lib/paths';
import { resolveRoute, routeByPage, routeFor } from './routes';

let navigation = 0;

/**
 * Routes inside one language: base "/en" or "/mn", so every link is built with the prefix, and
 * never ends in a slash (home is "/en", not "/en/"). A link to a page whose chunk is not in yet
 * loads it first, so the address changes when the new page can show (the last click wins).
 */
export function LangRouter({ lang, ssrPath, children }: { lang: Lang; ssrPath?: string; children: ComponentChildren }) {
  const { i18n } = useTranslation();
  return (
    <Router
      base={`/${lang}`}
      ssrPath={ssrPath}
      hrefs={trimSlash}
      aroundNav={(navigate, to, options) => {
        const href = trimSlash(to);
        const inLang = href.slice(lang.length + 1).split(/[?#]/)[0] || '/';
        const route = routeFor(inLang);
        const mine = ++navigation;
        if (!route.pending && isReady(route)) return navigate(href, options);
        resolveRoute(inLang).then((r) => prepare(r, i18n)).then(
          () => mine === navigation && navigate(href, options),
          () => window.location.assign(href),
        );
      }}
    >
      {children}
    </Router>
  );
}

/**
 * The site. `servedPage` is the prerendered page the server chose; it can differ from the one
 * the path names (the 500 or maintenance page is served at any path), and it is shown until the
 * user navigates away. Pages load on demand: until the next page's chunk is in, the current
 * one stays on screen.
 */
export function App({ servedPage }: { servedPage?: string }) {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const [firstLocation] = useState(location);
  const served = location === firstLocation && servedPage ? routeByPage(servedPage) : undefined;
  const route = served ?? routeFor(location);
  // A path whose route module is not in yet is not ready: its module and page load first.
  const ready = !route.pending && isReady(route);
  // The page on screen and its component: the route's once it is ready, the previous one
  // until then. Kept in state (set during render when the route became ready, as React
  // allows for state derived from props), so the component shown is never made in render.
  const [shown, setShown] = useState(() => ({ route, View: route.view.loaded() }));
  if (ready && (shown.route !== route || !shown.View)) setShown({ route, View: route.view.loaded() });

  useEffect(() => {
    if (ready) return;
    let live = true;
    (route.pending ? resolveRoute(location) : Promise.resolve(route)).then((r) => prepare(r, i18n).then(() => r)).then(
      (r) => live && setShown({ route: r, View: r.view.loaded() }),
      // A chunk that cannot load (the site was updated since this page came): load the page itself.
      () => live && window.location.assign(window.location.href),
    );
    return () => {
      live = false;
    };
  }, [route, ready, i18n, location]);

  const { route: current, View } = shown;

  // After a client-side navigation: new title, description and links, and focus on the new content.
  const firstRender = useRef(true);
  useEffect(() => {
    if (!View) return;
    updateHead(t, current, i18n.language as Lang);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // A link to a place in the page ("/faq#slug") goes there; any other starts at the top.
    const target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (target) {
      target.scrollIntoView?.();
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus();
  }, [current, View, t, i18n]);

  return <Layout app={current.path.startsWith('/dashboard')}>{View && <View {...current.props} />}</Layout>;
}
