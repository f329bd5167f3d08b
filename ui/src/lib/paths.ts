import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { Lang } from './i18n';

/** "/en/" → "/en": pages never end in a slash (home is "/en"). */
export const trimSlash = (href: string): string =>
  href.length > 1 && href.endsWith('/') ? href.slice(0, -1) : href;

/** The full URL of a route path in a language: ("mn", "/") → "/mn", ("en", "/terms") → "/en/terms". */
export const localize = (lang: Lang, path: string): string => trimSlash(`/${lang}${path === '/' ? '' : path}`);

/**
 * The open state of a menu that closes when the page changes: it is open at the location
 * where it was opened, so navigating closes it without an effect that resets state after
 * rendering (react-hooks/set-state-in-effect).
 */
export function useOpenHere(): [boolean, (open: boolean) => void] {
  const [location] = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback((open: boolean) => setOpenAt(open ? location : null), [location]);
  return [openAt === location, setOpen];
}
