import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import { useResource } from '../../../../lib/resource';
import type { Resp } from '../../../../lib/apitypes';
import { adoptStyles } from '../../../../lib/styles';
import css from '../home.css?inline';

adoptStyles(css);

type HomeView = Resp<'getWorkspaceHome'>;

/**
 * What waits for the person: one line per widget the server answers (those they may see) and
 * this page has words for (home.widgets.<key>); widgets other parts add show once their words
 * are in the catalog.
 */
function Widgets() {
  const { t, i18n } = useTranslation();
  const { data, error, reload } = useResource<HomeView>('/workspace/home');
  if (error) {
    return (
      <Alert variant="error">
        {t('home.failed')} <Button onClick={() => reload()}>{t('home.retry')}</Button>
      </Alert>
    );
  }
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const known = data.widgets.filter((w) => i18n.exists(`home.widgets.${w.key}`, { count: w.count }));
  if (!known.length) return <p>{t('home.nothing')}</p>;
  return (
    <ul class="home-widgets">
      {known.map((w) => (
        <li key={w.key} class={w.count ? 'home-widget home-widget--waiting' : 'home-widget'} data-widget={w.key}>
          <Link href={w.href}>{t(`home.widgets.${w.key}`, { count: w.count })}</Link>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/app: each person's home. */
export function Home() {
  const { t } = useTranslation();
  return (
    <DashboardShell page="app">
      {(user) => (
        <>
          <p class="lead">{t('home.lead', { name: user.firstName })}</p>
          <Section id="home-waiting" title={t('home.waiting')}>
            <Widgets />
          </Section>
          <p>
            <Link href="/dashboard">{t('home.overview')}</Link>
          </p>
        </>
      )}
    </DashboardShell>
  );
}
