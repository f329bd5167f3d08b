// The two initiatives: the Cultural Volunteer Program and the Road Map Program.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageIntro, Section } from '../components/parts';

const V = 'pages.volunteer';
export const PHASES = ['orientation', 'training', 'implementation', 'conclusion'] as const;

/** The iCalendar file of the next program timeline (one phase, or all four). */
export const calendarHref = (lang: string, phase?: string) =>
  `/api/programs/volunteer/timeline.ics?lang=${lang}${phase ? `&phase=${phase}` : ''}`;

/** What registering asks for, and the link to the registration form. */
function Register({ prefix, href }: { prefix: string; href: string }) {
  const { t } = useTranslation();
  return (
    <Section id="register" title={t(`${prefix}.register.heading`)}>
      <p>{t(`${prefix}.register.body`)}</p>
      <p>
        <Link href={href} class="button-link">
          {t(`${prefix}.register.cta`)}
        </Link>
      </p>
    </Section>
  );
}

export function Volunteer() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <PageIntro title={t(`${V}.title`)} lead={t(`${V}.lead`)} />
      <Section id="what" title={t(`${V}.what.heading`)}>
        <p>{t(`${V}.what.body`)}</p>
      </Section>
      <Section id="who-may-join" title={t(`${V}.whoMayJoin.heading`)}>
        <p>{t(`${V}.whoMayJoin.body`)}</p>
        <ul>
          <li>{t(`${V}.whoMayJoin.age`)}</li>
          <li>{t(`${V}.whoMayJoin.commitment`)}</li>
        </ul>
      </Section>
      <Section id="timeline" title={t(`${V}.timeline.heading`)}>
        <ol class="timeline">
          {PHASES.map((phase) => (
            <li key={phase} id={`phase-${phase}`}>
              <h3>{t(`${V}.timeline.${phase}.title`)}</h3>
              <p class="timeline__dates">
                <strong>{t(`${V}.timeline.${phase}.dates`)}</strong>
              </p>
              <p>{t(`${V}.timeline.${phase}.text`)}</p>
              <a href={calendarHref(lang, phase)} download>
                {t(`${V}.calendar.phase`, { phase: t(`${V}.timeline.${phase}.title`) })}
              </a>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="calendar" title={t(`${V}.calendar.heading`)}>
        <p>{t(`${V}.calendar.text`)}</p>
        <p>
          <a class="button-link button-link--outline" href={calendarHref(lang)} download>
            {t(`${V}.calendar.all`)}
          </a>
        </p>
      </Section>
      <Section id="activities" title={t(`${V}.activities.heading`)}>
        <ul>
          {(['a1', 'a2', 'a3', 'a4'] as const).map((a) => (
            <li key={a}>{t(`${V}.activities.${a}`)}</li>
          ))}
        </ul>
      </Section>
      <Register prefix={V} href="/programs/cultural-volunteer/register" />
    </>
  );
}

const R = 'pages.roadmap';

export function Roadmap() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`${R}.title`)} lead={t(`${R}.lead`)} />
      <Section id="what" title={t(`${R}.what.heading`)}>
        <p>{t(`${R}.what.body`)}</p>
      </Section>
      <Section id="who-may-join" title={t(`${R}.whoMayJoin.heading`)}>
        <p>{t(`${R}.whoMayJoin.body`)}</p>
      </Section>
      <Section id="what-you-get" title={t(`${R}.whatYouGet.heading`)}>
        <ul>
          {(['g1', 'g2', 'g3', 'g4'] as const).map((g) => (
            <li key={g}>{t(`${R}.whatYouGet.${g}`)}</li>
          ))}
        </ul>
        <p>
          <Link href="/universities">{t('layout.footer.universities')}</Link>
        </p>
      </Section>
      <Register prefix={R} href="/programs/road-map/register" />
    </>
  );
}
