import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'mn'] as const;
export type Lang = (typeof languages)[number];
/** A nested catalog: a language's i18n/<lang>/*.json merged (ui/scripts/catalogs.mjs). */
export type Catalog = { [key: string]: string | Catalog };

export const isLang = (value: unknown): value is Lang => languages.includes(value as Lang);

/** The other language, for the language switcher. */
export const otherLang = (lang: Lang): Lang => (lang === 'en' ? 'mn' : 'en');

/** The cookie that remembers the visitor's language (the server reads it too). */
export const LANG_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Where i18next-browser-languagedetector keeps a language in localStorage (read, for old visits). */
const STORAGE_KEY = 'i18nextLng';

const fromStorage = (): string | undefined => {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked (private mode, policies)
  }
};

/**
 * Language detection, small (i18next-browser-languagedetector does the same in 6 KB), in its
 * order: the URL prefix, the `lang` cookie, <html lang>, localStorage, a language subdomain
 * (mn.example.org). The choice is remembered in the cookie for a year (the server reads it).
 */
export const detector = {
  type: 'languageDetector' as const,
  init() {},
  detect(): string | undefined {
    const fromPath = location.pathname.split('/')[1];
    const cookie = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
    const [label, ...rest] = location.hostname.toLowerCase().split('.');
    const subdomain = rest.length ? label : undefined;
    return [fromPath, cookie, document.documentElement.lang, fromStorage(), subdomain].find(isLang);
  },
  cacheUserLanguage(lang: string) {
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  },
};

const common: InitOptions = {
  supportedLngs: [...languages],
  initAsync: false,
  interpolation: { escapeValue: false }, // preact escapes text itself
  returnEmptyString: false,
};

/**
 * The browser's instance: the global i18next with the one catalog the page's entry bundled.
 * The detector reads the language from the path and caches it in the `lang` cookie.
 */
export function initClientI18n(lang: Lang, catalog: Catalog): I18n {
  if (!i18next.isInitialized) {
    i18next
      .use(detector)
      .use(initReactI18next)
      .init({ ...common, fallbackLng: lang, resources: { [lang]: { translation: catalog } } });
  }
  return i18next;
}

/**
 * A separate instance in a fixed language, for prerendering and tests. `onMissingKey` hears of
 * every key the catalogs lack (the build fails on them).
 */
export function createI18n(lang: Lang, resources: Resource, onMissingKey?: (key: string) => void): I18n {
  const instance = i18next.createInstance();
  instance.init({
    ...common,
    lng: lang,
    fallbackLng: 'en',
    resources,
    saveMissing: !!onMissingKey,
    missingKeyHandler: onMissingKey && ((_lngs: readonly string[], _ns: string, key: string) => onMissingKey(key)),
  });
  return instance;
}

/** Remembers an explicit language choice the same way the detector does. */
export function rememberLanguage(i18n: I18n, lang: Lang): void {
  i18n.services.languageDetector?.cacheUserLanguage?.(lang);
}
