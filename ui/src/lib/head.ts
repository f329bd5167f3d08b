import type { TFunction } from 'i18next';

/** "<page title> · Gerege": the same in the prerendered <title> and after client navigation. */
export const documentTitle = (t: TFunction, titleKey: string): string => `${t(titleKey)} · ${t('app.name')}`;
