import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { GetApp, hrefOr, Section } from '../components/parts';

const P = 'pages.home';
const POSTS = ['jobs', 'careers', 'education', 'development', 'exchange', 'recruitment', 'travel'] as const;
const OFFERINGS = ['communities', 'content', 'elearning', 'aiAssistant', 'aiResume', 'directionBoard', 'smartTools', 'userDatabase'] as const;

/** The offerings that already work, and where they live. */
const LIVE: Record<string, string> = { directionBoard: '/direction-board' };

/** A list of titled items: a heading and a line each, and a link for those that already work. */
function Tiles({ group, items }: { group: string; items: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul class="tiles">
      {items.map((k) => (
        <li key={k}>
          <h3>{t(`${P}.${group}.${k}.title`)}</h3>
          <p>{t(`${P}.${group}.${k}.text`)}</p>
          {LIVE[k] && <Link href={LIVE[k]}>{t(`${P}.${group}.${k}.cta`)}</Link>}
        </li>
      ))}
    </ul>
  );
}

export function Home() {
  const { t } = useTranslation();
  return (
    <>
      <section class="hero">
        <h1>{t(`${P}.heading`)}</h1>
        <p class="hero__lead">{t(`${P}.lead`)}</p>
        <p class="hero__actions">
          <Link href="/contact-us" class="button-link">
            {t(`${P}.primaryCta`)}
          </Link>
          <GetApp class="button-link button-link--outline" label={t(`${P}.secondaryCta`)} />
        </p>
        <p class="muted">{t(`${P}.status`)}</p>
      </section>

      <Section id="for-whom" title={t(`${P}.forWhom.title`)}>
        <div class="audiences">
          <article class="card">
            <h3>{t(`${P}.forWhom.enterprise.title`)}</h3>
            <p class="card__meta">
              {t(`${P}.forWhom.enterprise.who`)} · <strong>{t(`${P}.forWhom.enterprise.platform`)}</strong>
            </p>
            <p>{t(`${P}.forWhom.enterprise.text`)}</p>
            <Link href={hrefOr('/auth/login')}>{t(`${P}.forWhom.enterprise.cta`)}</Link>
          </article>
          <article class="card">
            <h3>{t(`${P}.forWhom.individuals.title`)}</h3>
            <p class="card__meta">
              {t(`${P}.forWhom.individuals.who`)} · <strong>{t(`${P}.forWhom.individuals.platform`)}</strong>
            </p>
            <p>{t(`${P}.forWhom.individuals.text`)}</p>
            <GetApp label={t(`${P}.forWhom.individuals.cta`)} />
          </article>
        </div>
      </Section>

      <Section id="posts" title={t(`${P}.posts.title`)}>
        <p>{t(`${P}.posts.lead`)}</p>
        <Tiles group="posts" items={POSTS} />
      </Section>

      <Section id="offerings" title={t(`${P}.offerings.title`)}>
        <p>{t(`${P}.offerings.lead`)}</p>
        <Tiles group="offerings" items={OFFERINGS} />
      </Section>

      <Section id="initiatives" title={t(`${P}.initiatives.title`)}>
        <div class="audiences">
          <article class="card">
            <h3>{t(`${P}.initiatives.volunteer.title`)}</h3>
            <p>{t(`${P}.initiatives.volunteer.text`)}</p>
            <Link href="/programs/cultural-volunteer">{t(`${P}.initiatives.volunteer.cta`)}</Link>
          </article>
          <article class="card">
            <h3>{t(`${P}.initiatives.roadmap.title`)}</h3>
            <p>{t(`${P}.initiatives.roadmap.text`)}</p>
            <Link href="/programs/road-map">{t(`${P}.initiatives.roadmap.cta`)}</Link>
          </article>
        </div>
      </Section>

      <Section id="get-started" title={t(`${P}.finalCta.title`)} class="final-cta">
        <p>{t(`${P}.finalCta.text`)}</p>
        <p class="hero__actions">
          <Link href="/contact-us" class="button-link">
            {t(`${P}.finalCta.primary`)}
          </Link>
          <GetApp class="button-link button-link--outline" label={t(`${P}.finalCta.secondary`)} />
        </p>
      </Section>
    </>
  );
}
