import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'mn'] as const;
export type Lang = (typeof languages)[number];
/** A nested catalog as stored in i18n/<lang>.json. */
export type Catalog = { [key: string]: string | Catalog };

export const isLang = (value: unknown): value is Lang => languages.includes(value as Lang);

/** The other language, for the language switcher. */
export const otherLang = (lang: Lang): Lang => (lang === 'en' ? 'mn' : 'en');

/** Language detection: the URL prefix decides, the choice is remembered in the `lang` cookie. */
export const detection = {
  order: ['path', 'cookie', 'htmlTag', 'localStorage', 'subdomain'],
  caches: ['cookie'],
  lookupFromPathIndex: 0,
  lookupCookie: 'lang',
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' as const },
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
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({ ...common, fallbackLng: lang, detection, resources: { [lang]: { translation: catalog } } });
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
