// Support centre (popular answers and the support form), Contact us (the contact / request-a-demo
// form). Start a new chat (/chat) is StartChat.tsx.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { get } from '../../../lib/api';
import { ContactForm } from '../../forms/components/ContactForm';
import { SupportForm } from '../../forms/components/SupportForm';
import { catalogData, type FaqData } from '../data';
import { popularOf, type PopularQuestion } from '../popular';
import { ContactCard, StoreLinks } from '../components/contact';
import { PageIntro, Section } from '../components/parts';

const S = 'pages.supportCenter';
/** The popular questions: the build's copy first, then the FAQ as admins keep it now. */
function usePopular(): PopularQuestion[] {
  const { i18n } = useTranslation();
  const [popular, setPopular] = useState<PopularQuestion[]>(() => catalogData<PopularQuestion[]>(i18n, 'faqPopular') ?? []);
  useEffect(() => {
    let live = true;
    get<FaqData>('/faq').then(
      (d) => live && setPopular(popularOf(d.categories)),
      () => {}, // keep what we have
    );
    return () => {
      live = false;
    };
  }, []);
  return popular;
}

export function SupportCenter() {
  const { t } = useTranslation();
  const highlights = usePopular();
  return (
    <>
      <PageIntro title={t(`${S}.title`)} lead={t(`${S}.lead`)} />
      <Section id="popular" title={t(`${S}.popular`)}>
        <ul>
          {highlights.map((e) => (
            <li key={e.slug}>
              <Link href={`/faq#${e.slug}`}>{e.question}</Link>
            </li>
          ))}
        </ul>
        <p>
          <Link href="/faq" class="button-link button-link--outline">
            {t(`${S}.allQuestions`)}
          </Link>
        </p>
      </Section>
      <SupportForm />
      <Section id="contact-us" title={t(`${S}.contact.heading`)}>
        <p>{t(`${S}.contact.text`)}</p>
        <p>
          <Link href="/contact-us" class="button-link button-link--outline">
            {t(`${S}.contact.link`)}
          </Link>
        </p>
      </Section>
      <Section id="delete-submission" title={t(`${S}.withdraw.heading`)}>
        <p>
          {t(`${S}.withdraw.text`)} <Link href="/support-center/delete-submission">{t(`${S}.withdraw.link`)}</Link>
        </p>
      </Section>
      <ContactCard />
      <Section id="chat" title={t(`${S}.chat.heading`)}>
        <p>
          {t(`${S}.chat.text`)} <Link href="/chat">{t(`${S}.chat.link`)}</Link>
        </p>
      </Section>
      <Section id="mobile-app" title={t(`${S}.mobileApp.heading`)}>
        <StoreLinks />
      </Section>
    </>
  );
}

const C = 'pages.contactUs';

export function ContactUs() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`${C}.title`)} lead={t(`${C}.lead`)} />
      <ContactForm />
      <Section id="what-to-include" title={t(`${C}.include.heading`)}>
        <ul>
          <li>{t(`${C}.include.i1`)}</li>
          <li>{t(`${C}.include.i2`)}</li>
          <li>{t(`${C}.include.i3`)}</li>
        </ul>
      </Section>
      <ContactCard />
    </>
  );
}
