import type { TFunction } from 'i18next';
import type { Lang } from './i18n';
import { localize } from './paths';

/** "<page title> · Gerege": the same in the prerendered <title> and after client navigation. */
export const documentTitle = (t: TFunction, titleKey: string, args?: Record<string, string>): string =>
  `${t(titleKey, args)} · ${t('app.name')}`;

interface HeadRoute {
  path: string;
  titleKey: string;
  titleArgs?: (t: TFunction) => Record<string, string>;
  descriptionKey: string;
}

/**
 * After a client-side navigation: the title, description, canonical and hreflang links and the
 * Open Graph tags of the new page (the prerendered page has them for crawlers; this keeps them
 * right for bookmarks and sharing). Absolute URLs keep the origin the server wrote.
 */
export function updateHead(t: TFunction, route: HeadRoute, lang: Lang): void {
  const title = documentTitle(t, route.titleKey, route.titleArgs?.(t));
  const description = t(route.descriptionKey);
  document.title = title;
  const set = (selector: string, attr: string, value: string) => document.querySelector(selector)?.setAttribute(attr, value);
  set('meta[name="description"]', 'content', description);
  set('meta[property="og:title"]', 'content', title);
  set('meta[property="og:description"]', 'content', description);
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) return;
  const origin = new URL(canonical.href).origin;
  const url = (l: Lang) => origin + localize(l, route.path);
  canonical.href = url(lang);
  set('meta[property="og:url"]', 'content', url(lang));
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    const l = link.hreflang === 'x-default' ? 'en' : (link.hreflang as Lang);
    link.href = url(l);
  }
}
