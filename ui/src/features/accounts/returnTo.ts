const ORIGIN = 'http://gerege.invalid';

/**
 * Where to go after signing in: the returnTo parameter when it is a path of this site (it
 * must start with one "/"; "//host", "/\host" and absolute URLs are refused), else the
 * dashboard in `lang`.
 */
export function safeReturnTo(value: string | null | undefined, lang: string): string {
  const fallback = `/${lang}/dashboard`;
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Never back to the sign-in or registration page itself.
  if (/^\/(en|mn)\/auth\/(login|register)$/.test(url.pathname)) return fallback;
  return path;
}

/**
 * Goes to a full path: inside the current language without reloading (`navigate` is wouter's,
 * relative to the language base), to the other language with a page load.
 */
export function goTo(target: string, lang: string, navigate: (to: string, options?: { replace?: boolean }) => void, replace = false): void {
  const prefix = `/${lang}`;
  if (target === prefix || target.startsWith(`${prefix}/`) || target.startsWith(`${prefix}?`)) {
    const rest = target.slice(prefix.length);
    navigate(rest.startsWith('/') ? rest : `/${rest}`, { replace });
  } else {
    location.assign(target);
  }
}
