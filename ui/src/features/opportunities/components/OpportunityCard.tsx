// A posting in a list: title (its link), organisation with the verified badge, place, kind,
// deadline and pay.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Summary } from '../types';
import { deadlineText, label, payText, placeText } from './format';

/** "Verified": the organisation's registration was checked by the platform's admins. */
export function VerifiedBadge() {
  const { t } = useTranslation();
  return (
    <span class="badge badge--ok" title={t('opportunities.card.verifiedHint')}>
      {t('opportunities.card.verified')}
    </span>
  );
}

export function OpportunityCard({ item, level = 3 }: { item: Summary; level?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const Heading = `h${level}` as 'h2' | 'h3';
  const other = item.lang !== i18n.language;
  return (
    <article class="card opp-card">
      <header>
        <Heading class="card__title" lang={other ? item.lang : undefined}>
          <Link href={`/opportunities/${item.slug}`}>{item.title}</Link>
        </Heading>
        <p class="card__meta">
          {item.organization.name}
          {item.organization.verified && <VerifiedBadge />}
        </p>
      </header>
      <ul class="opp-facts">
        <li>{label(t, 'kinds', item.kind)}</li>
        <li>{placeText(t, item)}</li>
        <li>{deadlineText(t, item.deadline)}</li>
        <li>{payText(t, i18n.language, item.pay)}</li>
        {item.status === 'closed' && <li class="opp-closed">{t('opportunities.card.closed')}</li>}
      </ul>
      {item.excerpt && (
        <p class="opp-card__excerpt" lang={other ? item.lang : undefined}>
          {item.excerpt}
        </p>
      )}
    </article>
  );
}
