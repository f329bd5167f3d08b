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

/** How many values follow each detail code; the last one may contain colons (a reason). */
const DETAIL_VALUES: Record<string, number> = { staff: 1, joined: 1, via: 1, invited: 2, deleted: 2, exported: 2, payment_marked_paid: 2, payment_refunded: 2, payment_refund_failed: 2, payout_details: 2, payout_recorded: 3, payout_returned: 3 };

/**
 * An event's detail in words: "code:value:value" (db.Detail) through dashboard.audit.details.<code>,
 * its values put in words where they are codes themselves. Details written before the codes
 * (English text) and codes this page does not know are shown as they are.
 */
export const detailLabel = (t: TFunction, detail: string): string => {
  if (!detail) return '';
  const at = detail.indexOf(':');
  const code = at < 0 ? detail : detail.slice(0, at);
  const n = DETAIL_VALUES[code] ?? 0;
  const rest = detail.slice(at + 1);
  const values: string[] = [];
  if (at >= 0) {
    let r = rest;
    for (let i = 1; i < n; i++) {
      const cut = r.indexOf(':');
      if (cut < 0) break;
      values.push(r.slice(0, cut));
      r = r.slice(cut + 1);
    }
    values.push(r);
  }
  if (values.length !== n) return detail;
  const key = `dashboard.audit.details.${code}`;
  const word = (k: string, v: string) => t(k, { defaultValue: v });
  switch (code) {
    case 'staff':
      return t(key, { level: word(`dashboard.audit.details.levels.${values[0]}`, values[0]) });
    case 'joined':
      return t(key, { role: word(`roles.${values[0]}`, values[0]) });
    case 'via':
      return t(key, { via: word(`dashboard.audit.details.channels.${values[0]}`, values[0]) });
    case 'invited':
      return t(key, { role: word(`roles.${values[0]}`, values[0]), email: values[1] });
    case 'deleted':
      return t(key, { reference: values[0], reason: values[1] });
    case 'payment_marked_paid':
    case 'payment_refunded':
    case 'payment_refund_failed':
      return t(key, { payment: values[0], amount: values[1] });
    case 'payout_details':
      return t(key, { org: values[0], account: values[1] });
    case 'payout_recorded':
    case 'payout_returned':
      return t(key, { org: values[0], amount: values[1], reference: values[2] });
    case 'exported':
      return t(key, { form: word(`forms.names.${values[0]}`, values[0]), format: values[1].toUpperCase() });
  }
  return t(key, { defaultValue: detail });
};

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
            { key: 'detail', header: t('dashboard.audit.detail'), cell: (e) => detailLabel(t, e.detail ?? '') },
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
