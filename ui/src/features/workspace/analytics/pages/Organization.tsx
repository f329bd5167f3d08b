import { useTranslation } from 'react-i18next';
import { Section } from '../../../../ui/DashboardShell';
import { useResource } from '../../../../lib/resource';
import type { Resp } from '../../../../lib/apitypes';
import { Chart, FiguresState } from './Chart';

type OrgView = Resp<'getOrganizationAnalytics'>;

/** The figures (the page: Analytics.tsx). */
export function OrgFigures() {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<OrgView>('/analytics/organization');
  if (error || !data) return <FiguresState error={error} reload={reload} />;
  const p = 'workspaceAnalytics.page';
  const rep = data.reports;
  return (
    <>
      <p>{t(`${p}.window`, { count: data.days, since: data.since })}</p>
      <Chart
        id="analytics-postings"
        csv={`/api/analytics/organization/postings.csv?days=${data.days}`}
        title={t(`${p}.postings.title`)}
        head={[t(`${p}.postings.posting`), t(`${p}.postings.count`)]}
        rows={data.postings.map((x) => ({ key: String(x.id), label: x.title, value: x.applications }))}
      />
      <Chart
        id="analytics-views"
        title={t(`${p}.postings.viewsTitle`)}
        head={[t(`${p}.postings.posting`), t(`${p}.postings.views`)]}
        rows={[...data.postings].sort((a, b) => b.views - a.views).map((x) => ({ key: String(x.id), label: x.title, value: x.views }))}
      />
      <p class="analytics-note">{t(`${p}.viewsNote`)}</p>
      <Chart
        id="analytics-funnel"
        csv={`/api/analytics/organization/funnel.csv?days=${data.days}`}
        title={t(`${p}.funnel.title`)}
        head={[t(`${p}.funnel.stage`), t(`${p}.funnel.count`)]}
        rows={data.funnel.map((x) => ({ key: x.stage, label: t(`${p}.funnel.stages.${x.stage}`), value: x.count }))}
      />
      <Section id="analytics-review" title={t(`${p}.review.title`)}>
        <p>
          {data.medianFirstReviewHours == null
            ? t(`${p}.review.none`)
            : t(`${p}.review.median`, { hours: data.medianFirstReviewHours })}
        </p>
        <p>{t(`${p}.review.sample`, { count: data.reviewed })}</p>
      </Section>
      <Chart
        id="analytics-reports"
        csv={`/api/analytics/organization/reports.csv?days=${data.days}`}
        title={t(`${p}.reports.title`)}
        head={[t(`${p}.reports.kind`), t(`${p}.reports.count`)]}
        rows={(['total', 'answered', 'within24h', 'open'] as const).map((k) => ({ key: k, label: t(`${p}.reports.${k}`), value: rep[k] }))}
      />
      <Chart
        id="analytics-members"
        csv={`/api/analytics/organization/communities.csv?days=${data.days}`}
        title={t(`${p}.communities.title`)}
        head={[t(`${p}.communities.community`), t(`${p}.communities.members`)]}
        rows={data.communities.map((c) => ({ key: String(c.id), label: c.name, value: c.members }))}
      />
      <Chart
        id="analytics-followers"
        title={t(`${p}.communities.followersTitle`)}
        head={[t(`${p}.communities.community`), t(`${p}.communities.followers`)]}
        rows={data.communities.map((c) => ({ key: String(c.id), label: c.name, value: c.followers }))}
      />
    </>
  );
}

