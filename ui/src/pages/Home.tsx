import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '../components/Card';

export function Home() {
  const { t } = useTranslation();
  return (
    <>
      <section class="hero">
        <h1>{t('pages.home.heading')}</h1>
        <p class="hero__lead">{t('pages.home.lead')}</p>
        <p class="hero__actions">
          <Link href="/features" class="button-link">
            {t('pages.home.explore')}
          </Link>
          <Link href="/about-us" class="button-link button-link--outline">
            {t('pages.home.about')}
          </Link>
        </p>
      </section>
      <div class="audiences">
        <Card level={2} title={t('pages.home.enterprises.title')} meta={t('pages.home.enterprises.who')}>
          <p>{t('pages.home.enterprises.text')}</p>
        </Card>
        <Card level={2} title={t('pages.home.individuals.title')} meta={t('pages.home.individuals.who')}>
          <p>{t('pages.home.individuals.text')}</p>
        </Card>
      </div>
    </>
  );
}
