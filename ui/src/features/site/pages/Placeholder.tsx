import type { ComponentType } from 'preact';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** A page whose content comes in a later issue: its title and an honest note. */
export function placeholder(titleKey: string): ComponentType {
  return function Placeholder() {
    const { t } = useTranslation();
    return (
      <section class="page-intro">
        <h1>{t(titleKey)}</h1>
        <p>{t('pages.placeholder.note')}</p>
        <p>
          <Link href="/">{t('common.backHome')}</Link>
        </p>
      </section>
    );
  };
}
