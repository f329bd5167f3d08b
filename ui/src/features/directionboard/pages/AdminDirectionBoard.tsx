import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/fields/TextField';
import { Table } from '../../../ui/Table';
import type { ApiError } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { boardApi, type Stats } from '../api';
import { DashboardShell, Section } from '../../../ui/DashboardShell';

/** The periods an admin may look at: all time, or the last N days. */
export const PERIODS = ['all', '30', '365'] as const;
export type Period = (typeof PERIODS)[number];

/** 1234567 → en "1,234,567", mn "1 234 567" (the glossary's separators). */
export function formatCount(lang: string, n: number): string {
  const digits = String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'mn' ? '\u00a0' : ',');
  return n < 0 ? `-${digits}` : digits;
}

/** 0.6667 → "67%". */
export const formatRate = (rate: number): string => `${Math.round((Number.isFinite(rate) ? rate : 0) * 100)}%`;

/** The codes as bars, each as long as its share of the most common one (the table beside it has the numbers). */
function CodeBars({ codes, lang }: { codes: NonNullable<Stats['codes']>; lang: string }) {
  const max = Math.max(1, ...codes.map((c) => c.count));
  return (
    <ul class="code-bars" aria-hidden="true">
      {codes.map((c) => (
        <li key={c.code}>
          <strong>{c.code}</strong>
          <svg width="100%" height="12" focusable="false">
            <rect class="bar-track" x="0" y="0" width="100%" height="12" rx="3" />
            <rect class="bar-fill" x="0" y="0" width={`${(c.count / max) * 100}%`} height="12" rx="3" />
          </svg>
          <span>{formatCount(lang, c.count)}</span>
        </li>
      ))}
    </ul>
  );
}

function StatsView() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [period, setPeriod] = useState<Period>('all');
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    boardApi.stats(period === 'all' ? undefined : Number(period)).then(
      (data) => {
        if (!live) return;
        setStats(data);
        setError('');
      },
      (err: ApiError) => {
        onApiError(err);
        if (live) setError(err?.message ?? t('errors.generic'));
      },
    );
    return () => {
      live = false;
    };
  }, [period, t]);

  const n = (v: number | undefined) => formatCount(lang, v ?? 0);
  const languages = [
    { key: 'en', label: t('dashboard.directionBoard.languages.en') },
    { key: 'mn', label: t('dashboard.directionBoard.languages.mn') },
  ];

  return (
    <>
      <p class="muted">{t('dashboard.directionBoard.note')}</p>
      <div class="board-period">
        <SelectField
          id="board-stats-period"
          name="period"
          label={t('dashboard.directionBoard.period')}
          value={period}
          onChange={(e) => setPeriod(e.currentTarget.value as Period)}
          options={PERIODS.map((p) => ({ value: p, label: t(`dashboard.directionBoard.periods.${p}`) }))}
        />
      </div>
      <div role="alert">{error && <Alert variant="error">{error}</Alert>}</div>
      {!stats && !error && <p aria-busy="true">{t('dashboard.loading')}</p>}
      {stats && (
        <div>
          <Section id="board-stats-summary" title={t('dashboard.directionBoard.summary')}>
            <dl class="board-stats audiences">
              <div>
                <dt>{t('dashboard.directionBoard.started')}</dt>
                <dd data-stat="started">{n(stats.started)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.directionBoard.finished')}</dt>
                <dd data-stat="finished">{n(stats.finished)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.directionBoard.finishRate')}</dt>
                <dd data-stat="finishRate">{formatRate(stats.finishRate)}</dd>
              </div>
            </dl>
          </Section>
          <Section id="board-stats-languages" title={t('dashboard.directionBoard.byLanguage')}>
            <Table
              id="board-stats-languages-table"
              caption={t('dashboard.directionBoard.byLanguageCaption')}
              columns={[
                { key: 'language', header: t('dashboard.directionBoard.language'), cell: (r) => r.label },
                { key: 'started', header: t('dashboard.directionBoard.started'), cell: (r) => n(stats.byLanguage?.[r.key]?.started) },
                { key: 'finished', header: t('dashboard.directionBoard.finished'), cell: (r) => n(stats.byLanguage?.[r.key]?.finished) },
                {
                  key: 'finishRate',
                  header: t('dashboard.directionBoard.finishRate'),
                  cell: (r) => {
                    const l = stats.byLanguage?.[r.key];
                    return formatRate(l?.started ? l.finished / l.started : 0);
                  },
                },
              ]}
              rows={languages}
              rowKey={(r) => r.key}
            />
          </Section>
          <Section id="board-stats-codes" title={t('dashboard.directionBoard.codes')}>
            {stats.codes?.length ? (
              <div class="audiences">
                <Table
                  id="board-stats-codes-table"
                  caption={t('dashboard.directionBoard.codesCaption')}
                  columns={[
                    { key: 'code', header: t('dashboard.directionBoard.code'), cell: (c) => c.code },
                    { key: 'count', header: t('dashboard.directionBoard.count'), cell: (c) => n(c.count) },
                  ]}
                  rows={stats.codes}
                  rowKey={(c) => c.code}
                />
                <CodeBars codes={stats.codes} lang={lang} />
              </div>
            ) : (
              <EmptyState title={t('dashboard.directionBoard.noCodes.title')}>{t('dashboard.directionBoard.noCodes.text')}</EmptyState>
            )}
          </Section>
        </div>
      )}
    </>
  );
}

/** /dashboard/admin/direction-board: how the career test is used, in aggregate (no answers, no people). */
export function AdminDirectionBoard() {
  return <DashboardShell page="directionBoard">{() => <StatsView />}</DashboardShell>;
}
