import { useTranslation } from 'react-i18next';
import { useResource } from '../../../../lib/resource';
import type { Resp } from '../../../../lib/apitypes';
import { Chart, FiguresState } from './Chart';

type PlatformView = Resp<'getPlatformAnalytics'>;

/** The figures (the page: Analytics.tsx). */
export function PlatformFigures() {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<PlatformView>('/analytics/platform');
  if (error || !data) return <FiguresState error={error} reload={reload} />;
  const p = 'workspaceAnalytics.page';
  const day = (d: { day: string; count: number }) => ({ key: d.day, label: d.day, value: d.count });
  return (
    <>
      <p>{t(`${p}.window`, { count: data.days, since: data.since })}</p>
      <Chart
        id="analytics-signups"
        days
        title={t(`${p}.signups.title`)}
        head={[t(`${p}.signups.day`), t(`${p}.signups.count`)]}
        rows={data.signups.map(day)}
        csv={`/api/analytics/platform/signups.csv?days=${data.days}`}
      />
      <Chart
        id="analytics-active"
        csv={`/api/analytics/platform/active.csv?days=${data.days}`}
        days
        title={t(`${p}.active.title`)}
        head={[t(`${p}.active.day`), t(`${p}.active.count`)]}
        rows={data.active.map(day)}
      />
      <p class="analytics-note">{t(`${p}.active.note`)}</p>
      <Chart
        id="analytics-holland"
        csv={`/api/analytics/platform/holland.csv?days=${data.days}`}
        title={t(`${p}.holland.title`)}
        head={[t(`${p}.holland.code`), t(`${p}.holland.count`)]}
        rows={data.holland.map((h) => ({ key: h.key, label: t(`${p}.holland.codes.${h.key}`), value: h.count }))}
      />
      {data.monthly.map((s) => (
        <Chart
          key={s.key}
          id={`analytics-month-${s.key}`}
          csv={`/api/analytics/platform/month-${s.key}.csv`}
          days
          title={t(`${p}.monthly.series.${s.key}`)}
          head={[t(`${p}.monthly.month`), t(`${p}.count`)]}
          rows={s.months.map((m) => ({ key: m.month, label: m.month, value: m.count }))}
        />
      ))}
    </>
  );
}

