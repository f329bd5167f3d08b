// A legal document (Terms of Service, Terms and Conditions, Privacy Policy, Community
// Standards) in one version: effective date, contents, sections with anchors, and every version.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../ui/Alert';
import { formatDate } from '../../../lib/format';
import { catalogData, fillSupportEmail, type LegalDocument } from '../data';
import { useSupportEmail } from '../components/parts';

const L = 'pages.legal';

export function Legal({ doc, version }: { doc: string; version?: string }) {
  const { t, i18n } = useTranslation();
  const email = useSupportEmail();
  const document = catalogData<LegalDocument>(i18n, `legal.${doc}`);
  const current = document?.versions[0];
  const shown = (version ? document?.versions.find((v) => v.effective === version) : current) ?? current;
  if (!document || !shown || !current) return null;
  const older = shown !== current;
  const date = (iso: string) => formatDate(t, iso);

  return (
    <div class="legal">
      <header class="page-intro">
        <h1>{document.title}</h1>
        <p class="legal__effective">
          <time dateTime={shown.effective}>{t(`${L}.effective`, { date: date(shown.effective) })}</time>
        </p>
        {older && (
          <Alert variant="warning">
            {t(`${L}.olderNotice`, { date: date(shown.effective) })} <Link href={`/${doc}`}>{t(`${L}.readCurrent`)}</Link>
          </Alert>
        )}
        <p class="lead">{fillSupportEmail(shown.summary, email)}</p>
      </header>

      <nav aria-labelledby="contents-h" class="legal__toc" id="contents">
        <h2 id="contents-h">{t(`${L}.toc`)}</h2>
        <ol>
          {shown.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>

      {shown.sections.map((s, n) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} class="legal__section">
          <h2 id={`${s.id}-h`}>
            {n + 1}. {s.heading}
          </h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{fillSupportEmail(p, email)}</p>
          ))}
        </section>
      ))}

      <section aria-labelledby="versions-h" class="legal__versions">
        <h2 id="versions-h">{t(`${L}.versions`)}</h2>
        <ul>
          {document.versions.map((v) => (
            <li key={v.effective}>
              <Link href={`/${doc}/v/${v.effective}`} aria-current={v === shown ? 'true' : undefined}>
                {t(`${L}.versionLink`, { date: date(v.effective) })}
              </Link>
              {v === current && <span class="muted"> ({t(`${L}.current`)})</span>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
