import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { EmptyState } from '../../../ui/EmptyState';
import { Table } from '../../../ui/Table';
import { formatDateTime } from '../../../lib/formatTime';
import { KeysetPager, useKeysetPages } from '../../../lib/resource';
import { DashboardShell } from '../../../ui/DashboardShell';
import type { Resp } from '../../../lib/apitypes';

/**
 * An event in words: dashboard.audit.events.<event with "_" for ".">, or the code itself if
 * it is new (app/audit_labels_test.go checks that every event the server writes has words).
 */
export const eventLabel = (t: TFunction, event: string): string =>
  t(`dashboard.audit.events.${event.replaceAll('.', '_')}`, { defaultValue: event });

function AuditPage() {
  const { t } = useTranslation();
  const list = useKeysetPages<Resp<'listAudit'>>('/admin/audit');
  if (list.error) return <Alert variant="error">{list.error}</Alert>;
  const data = list.data;
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  return (
    <>
      {!data.events?.length ? (
        <EmptyState title={t('dashboard.audit.empty')}>{t('dashboard.audit.emptyText')}</EmptyState>
      ) : (
        <Table
          id="audit-table"
          caption={t('dashboard.audit.caption')}
          rows={data.events}
          rowKey={(e) => String(e.id)}
          columns={[
            { key: 'at', header: t('dashboard.audit.at'), cell: (e) => formatDateTime(t, e.at) },
            { key: 'event', header: t('dashboard.audit.event'), cell: (e) => eventLabel(t, e.event) },
            { key: 'actor', header: t('dashboard.audit.actor'), cell: (e) => (e.actorId ? `#${e.actorId}` : '—') },
            { key: 'subject', header: t('dashboard.audit.subject'), cell: (e) => (e.subjectId ? `#${e.subjectId}` : '—') },
            { key: 'ip', header: t('dashboard.audit.ip'), cell: (e) => e.ip ?? '' },
            { key: 'detail', header: t('dashboard.audit.detail'), cell: (e) => e.detail ?? '' },
          ]}
        />
      )}
      <KeysetPager page={list.page} next={data.next} onNewer={list.newer} onOlder={() => list.older(data.next)} />
    </>
  );
}

export function DashboardAudit() {
  return <DashboardShell page="audit">{() => <AuditPage />}</DashboardShell>;
}
