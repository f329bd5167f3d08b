import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../../lib/api';
import { catalogData, type UniversitiesData } from '../data';
import { PageIntro } from '../components/parts';

const P = 'pages.universities';

/** The host of a website, for display: "https://www.snu.ac.kr/" → "www.snu.ac.kr". */
export const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Destinations and their universities: prerendered from the seed content, then refreshed from
 * /api/universities (what the administrators publish).
 */
export function Universities() {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<UniversitiesData>(() => catalogData<UniversitiesData>(i18n, 'universities') ?? { destinations: [] });
  useEffect(() => {
    let live = true;
    get<UniversitiesData>('/universities').then(
      (d) => live && setData(d),
      () => {}, // keep the list we have
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <PageIntro title={t(`${P}.title`)} lead={t(`${P}.lead`)}>
        <p class="muted">{t(`${P}.maintained`)}</p>
      </PageIntro>
      {data.destinations.length > 1 && (
        <nav aria-labelledby="destinations-h" class="jump-links">
          <h2 id="destinations-h">{t(`${P}.destinations`)}</h2>
          <ul>
            {data.destinations.map((d) => (
              <li key={d.id}>
                <a href={`#${d.id}`}>{d.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {data.destinations.map((d) => (
        <section key={d.id} id={d.id} aria-labelledby={`${d.id}-h`} class="destination">
          <h2 id={`${d.id}-h`}>{d.name}</h2>
          <p>{d.summary}</p>
          {d.universities.length === 0 ? (
            <p class="muted">{t(`${P}.empty`)}</p>
          ) : (
            <ul class="universities">
              {d.universities.map((u) => (
                <li key={u.slug}>
                  <strong>{u.name}</strong>
                  <span class="muted"> · {u.city}</span>
                  {u.website && (
                    <>
                      <br />
                      <span class="muted">{t(`${P}.website`)}: </span>
                      <a href={u.website} rel="external noopener">
                        {hostOf(u.website)}
                      </a>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
