import type { Lang } from './i18n';

/** "/en/" → "/en": pages never end in a slash (home is "/en"). */
export const trimSlash = (href: string): string =>
  href.length > 1 && href.endsWith('/') ? href.slice(0, -1) : href;

/** The full URL of a route path in a language: ("mn", "/") → "/mn", ("en", "/terms") → "/en/terms". */
export const localize = (lang: Lang, path: string): string => trimSlash(`/${lang}${path === '/' ? '' : path}`);
