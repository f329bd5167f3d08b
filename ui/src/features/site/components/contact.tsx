// The support centre's and contact page's pieces: the support email card and the app store links.
import { useTranslation } from 'react-i18next';
import { EmailLink, Section, useMeta, useSupportEmail } from './parts';

/** The app store links (when configured), for the support centre. */
export function StoreLinks() {
  const { t } = useTranslation();
  const m = useMeta();
  const P = 'pages.supportCenter.mobileApp';
  if (!m?.appStoreUrl && !m?.playStoreUrl) return <p>{t(`${P}.soon`)}</p>;
  return (
    <>
      <p>{t(`${P}.available`)}</p>
      <p class="button-row">
        {m.appStoreUrl && (
          <a class="button-link button-link--outline" href={m.appStoreUrl} rel="external noopener">
            {t(`${P}.appStore`)}
          </a>
        )}
        {m.playStoreUrl && (
          <a class="button-link button-link--outline" href={m.playStoreUrl} rel="external noopener">
            {t(`${P}.playStore`)}
          </a>
        )}
      </p>
    </>
  );
}

/** The support email and the reply time. */
export function ContactCard({ id = 'write-to-us', subject }: { id?: string; subject?: string }) {
  const { t } = useTranslation();
  const email = useSupportEmail();
  return (
    <Section id={id} title={t('pages.contact.heading')} class="contact-card">
      <dl>
        <dt>{t('pages.contact.emailLabel')}</dt>
        <dd>
          <EmailLink email={email} subject={subject} />
        </dd>
      </dl>
      <p>
        <strong>{t('pages.contact.replyTime')}</strong>
      </p>
      <p class="muted">{t('pages.contact.location')}</p>
    </Section>
  );
}
