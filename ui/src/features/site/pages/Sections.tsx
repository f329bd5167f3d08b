// The pages that describe a part of Gerege: Features and About us (opportunities, content and forums are their capabilities' own pages).
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Link } from 'wouter';
import { PageIntro, Section, TextSections } from '../components/parts';

/** Links to related pages, under a page's content. */
function Related({ links }: { links: [href: string, labelKey: string][] }) {
  const { t } = useTranslation();
  return (
    <p class="related">
      {links.map(([href, key]) => (
        <Link key={href} href={href} class="button-link button-link--outline">
          {t(key)}
        </Link>
      ))}
    </p>
  );
}

function Described({
  name,
  ids,
  related,
  note = 'pages.upcoming.note',
}: {
  name: string;
  ids: readonly string[];
  related: [string, string][];
  /** What the page says about when its features open. */
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`pages.${name}.title`)} lead={t(`pages.${name}.lead`)} />
      <Alert variant="info">{t(note)}</Alert>
      <TextSections prefix={`pages.${name}.sections`} ids={ids} />
      <Related links={related} />
    </>
  );
}

export const Features = () => (
  <Described
    name="features"
    ids={['enterprises', 'individuals', 'learning', 'directionBoard', 'bilingual']}
    note="pages.upcoming.partial"
    related={[
      ['/direction-board', 'pages.features.directionBoardLink'],
      ['/programs/cultural-volunteer', 'layout.footer.volunteer'],
      ['/programs/road-map', 'layout.footer.roadmap'],
      ['/pricing', 'layout.footer.pricing'],
    ]}
  />
);

const A = 'pages.aboutUs';

export function AboutUs() {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={t(`${A}.title`)} lead={t(`${A}.lead`)} />
      <TextSections prefix={A} ids={['mission', 'whatWeDo', 'whoWeServe']} />
      <Section id="how-we-work" title={t(`${A}.howWeWork.heading`)}>
        <p>{t(`${A}.howWeWork.body`)}</p>
        {(['selfHost', 'offline', 'bilingual'] as const).map((k) => (
          <div key={k}>
            <h3>{t(`${A}.howWeWork.${k}.heading`)}</h3>
            <p>{t(`${A}.howWeWork.${k}.body`)}</p>
          </div>
        ))}
      </Section>
      <Related links={[['/contact-us', 'layout.footer.contactUs']]} />
    </>
  );
}
