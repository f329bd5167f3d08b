import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { I18nextProvider } from 'react-i18next';
import en from 'gerege:messages/en';
import mn from 'gerege:messages/mn';
import { LangRouter } from '../app/App';
import { contentData } from '../content';
import { createI18n, type Lang } from '../lib/i18n';

/** The catalogs, with the site's content under "data" as the build puts it. */
export const resources = {
  en: { translation: { ...en, ...contentData('en') } },
  mn: { translation: { ...mn, ...contentData('mn') } },
};

/** Renders inside the i18n and router providers of `lang`, with the browser at `path`. */
export function renderAt(ui: ComponentChildren, { lang = 'en', path }: { lang?: Lang; path?: string } = {}) {
  window.history.replaceState(null, '', path ?? `/${lang}`);
  const i18n = createI18n(lang, resources);
  return {
    i18n,
    ...render(
      <I18nextProvider i18n={i18n}>
        <LangRouter lang={lang}>{ui}</LangRouter>
      </I18nextProvider>,
    ),
  };
}
