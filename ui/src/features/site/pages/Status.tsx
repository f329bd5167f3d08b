import type { ComponentType } from 'preact';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** A status page (403, 404, 500, maintenance, coming soon): what happened and the way home. */
export function status(key: string): ComponentType {
  return function Status() {
    const { t } = useTranslation();
    return (
      <section class="status-page">
        <h1>{t(`${key}.title`)}</h1>
        <p>{t(`${key}.text`)}</p>
        <p>
          <Link href="/" class="button-link">
            {t('common.backHome')}
          </Link>
        </p>
      </section>
    );
  };
}
