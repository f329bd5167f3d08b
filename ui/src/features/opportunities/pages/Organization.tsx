// /organizations/{slug}: an organisation's public page — name, verified badge, description,
// website, place, and its open opportunities. One prerendered page serves every slug.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { useHydrated } from '../../../lib/query';
import { Alert } from '../../../ui/Alert';
import { EmptyState } from '../../../ui/EmptyState';
import { getOrganization } from '../api';
import { OpportunityCard, VerifiedBadge } from '../components/OpportunityCard';
import { readPageData } from '../pageData';
import type { PublicOrg } from '../types';
import { useTitle } from '../../../lib/title';

const O = 'opportunities.org';

export function Organization() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, params] = useRoute<{ slug: string }>('/organizations/:slug');
  const slug = hydrated && params ? decodeURIComponent(params.slug) : null;
  const embedded = slug ? readPageData<PublicOrg>((d) => d.slug === slug && Array.isArray(d.open)) : undefined;
  const [got, setGot] = useState<{ slug: string; data?: PublicOrg; error?: ApiError }>();
  useEffect(() => {
    if (!slug || embedded) return;
    let live = true;
    getOrganization(slug).then(
      (d) => live && setGot({ slug, data: d }),
      (err: ApiError) => live && setGot({ slug, error: err }),
    );
    return () => {
      live = false;
    };
  }, [slug, embedded]);
  const org = embedded ?? (got?.slug === slug ? got?.data : undefined);
  const error = got?.slug === slug ? got?.error : undefined;

  useTitle(org?.name);

  if (error) {
    return (
      <>
        <h1>{t(`${O}.notFound`)}</h1>
        <Alert variant={error.status === 404 ? 'info' : 'error'}>{error.message}</Alert>
        <p>
          <Link href="/opportunities">{t('opportunities.posting.back')}</Link>
        </p>
      </>
    );
  }
  if (!org) {
    return (
      <>
        <h1>{t(`${O}.title`)}</h1>
        <p aria-busy="true">{t('opportunities.posting.loading')}</p>
      </>
    );
  }
  const place = [org.city, org.countryName].filter(Boolean).join(', ');
  return (
    <>
      <header class="page-intro">
        <h1>
          {org.name}
          {org.verified && <VerifiedBadge />}
        </h1>
        {place && <p class="muted">{place}</p>}
        {org.website && (
          <p>
            <a href={org.website} rel="noopener nofollow ugc">
              {org.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          </p>
        )}
      </header>
      {/* Sanitised on the server (app/platform/markdown). */}
      {org.descriptionHtml && <div class="opp-description" dangerouslySetInnerHTML={{ __html: org.descriptionHtml }} />}
      <section aria-labelledby="org-open-h">
        <h2 id="org-open-h">{t(`${O}.open`)}</h2>
        {org.open?.length ? (
          <ul class="opp-list">
            {org.open.map((item) => (
              <li key={item.id}>
                <OpportunityCard item={item} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t(`${O}.noneTitle`)}>{t(`${O}.none`)}</EmptyState>
        )}
      </section>
    </>
  );
}
