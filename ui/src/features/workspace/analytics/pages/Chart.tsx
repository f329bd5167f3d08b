import { useTranslation } from 'react-i18next';
import { Section } from '../../../../ui/DashboardShell';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { adoptStyles } from '../../../../lib/styles';
import css from '../analytics.css?inline';

adoptStyles(css);

export type Row = { key: string; label: string; value: number };

/**
 * A chart of our own: SVG bars in the theme's colours (classes, attributes, never inline
 * styles: the CSP forbids them), and the same numbers as a table for screen readers (in a
 * <details>, with a caption). `days` draws one column per row (a series of days); otherwise one
 * horizontal bar per row. An optional CSV link downloads the same table from the server.
 */
export function Chart({ id, title, head, rows, days, csv }: {
  id: string;
  title: string;
  head: [string, string];
  rows: Row[];
  days?: boolean;
  csv?: string;
}) {
  const { t } = useTranslation();
  const max = Math.max(1, ...rows.map((r) => r.value));
  const pct = (v: number) => `${Math.round((v / max) * 100)}%`;
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <p>{t('workspaceAnalytics.page.empty')}</p>
      ) : days ? (
        <svg class="analytics-days" viewBox={`0 0 ${rows.length * 10} 100`} preserveAspectRatio="none" aria-hidden="true" data-chart={id}>
          {rows.map((r, i) => {
            const h = Math.round((r.value / max) * 100);
            return <rect key={r.key} class="bar-fill" x={i * 10 + 1} y={100 - h} width="8" height={h} />;
          })}
        </svg>
      ) : (
        <ul class="analytics-bars" aria-hidden="true" data-chart={id}>
          {rows.map((r) => (
            <li key={r.key}>
              <span>{r.label}</span>
              <svg width="100%" height="12">
                <rect class="bar-track" width="100%" height="12" rx="3" />
                <rect class="bar-fill" width={pct(r.value)} height="12" rx="3" />
              </svg>
              <span>{r.value}</span>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>{t('workspaceAnalytics.page.table')}</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col">{head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {csv && (
        <p>
          <a href={csv} download class="secondary outline" role="button">
            {t('workspaceAnalytics.page.csv')}
            <span class="visually-hidden">{t('workspaceAnalytics.page.csvOf', { chart: title })}</span>
          </a>
        </p>
      )}
    </Section>
  );
}

/** A figures section before its data: loading, or failed with a retry. */
export function FiguresState({ error, reload }: { error: unknown; reload: () => void }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert variant="error">
        {t('workspaceAnalytics.page.failed')} <Button onClick={() => reload()}>{t('workspaceAnalytics.page.retry')}</Button>
      </Alert>
    );
  }
  return <p aria-busy="true">{t('workspaceAnalytics.page.loading')}</p>;
}
