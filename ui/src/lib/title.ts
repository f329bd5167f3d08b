import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the tab's title to a page's own ("<title> · Gerege") once its data is in, after the app
 * has written the route's (hence the next tick): a posting, a post, a community.
 */
export function useTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    const id = setTimeout(() => (document.title = `${title} · ${t('app.name')}`));
    return () => clearTimeout(id);
  }, [title, t]);
}
