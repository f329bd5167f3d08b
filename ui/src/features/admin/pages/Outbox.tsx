import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Table } from '../../../ui/Table';
import { type ApiError, get } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { formatDateTime } from '../../../lib/formatTime';
import { KeysetPager, useKeysetPages } from '../../../lib/resource';
import { DashboardShell, Section } from '../../../ui/DashboardShell';
import type { Resp } from '../../../lib/apitypes';

/** What an email is, in words: dashboard.outbox.kinds.<kind>, or the kind itself if it is new. */
export const kindLabel = (t: TFunction, kind: string): string => t(`dashboard.outbox.kinds.${kind}`, { defaultValue: kind });

/** The language an email was written in, named in the page's language. */
export const languageLabel = (t: TFunction, lang: string): string => t(`dashboard.outbox.languages.${lang}`, { defaultValue: lang });

type Email = Resp<'getOutboxEmail'>;

/** One email: its facts and the plain-text body (the HTML body is not shown: the CSP forbids its styles). */
function EmailView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState<Email | null>(null);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    get<Email>(`/admin/outbox/${id}`).then(setEmail, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, [id]);
  useEffect(() => {
    if (email) heading.current?.focus();
  }, [email]);

  if (error) return <Alert variant="error">{error}</Alert>;
  if (!email) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  return (
    <article class="email-view" aria-labelledby="email-view-title">
      <header>
        <h3 id="email-view-title" tabIndex={-1} ref={heading}>
          {email.subject}
        </h3>
      </header>
      <dl class="facts">
        <dt>{t('dashboard.outbox.to')}</dt>
        <dd>{email.to}</dd>
        <dt>{t('dashboard.outbox.kind')}</dt>
        <dd>{kindLabel(t, email.kind)}</dd>
        <dt>{t('dashboard.outbox.language')}</dt>
        <dd>{languageLabel(t, email.lang)}</dd>
        <dt>{t('dashboard.outbox.created')}</dt>
        <dd>{formatDateTime(t, email.createdAt)}</dd>
        <dt>{t('dashboard.outbox.sent')}</dt>
        <dd>{email.sentAt ? formatDateTime(t, email.sentAt) : t('dashboard.outbox.notSent')}</dd>
        <dt>{t('dashboard.outbox.attempts')}</dt>
        <dd>{email.attempts}</dd>
        {email.lastError && (
          <>
            <dt>{t('dashboard.outbox.lastError')}</dt>
            <dd>{email.lastError}</dd>
          </>
        )}
      </dl>
      <h4>{t('dashboard.outbox.body')}</h4>
      <pre class="email-text" tabIndex={0}>
        {email.text}
      </pre>
      <Button variant="secondary" onClick={onClose}>
        {t('dashboard.outbox.close')}
      </Button>
    </article>
  );
}

function OutboxPage() {
  const { t } = useTranslation();
  const list = useKeysetPages<Resp<'listOutbox'>>('/admin/outbox');
  const [open, setOpen] = useState<number | null>(null);
  if (list.error) return <Alert variant="error">{list.error}</Alert>;
  const data = list.data;
  return (
    <>
      {data && <Alert variant="info">{t(data.smtp ? 'dashboard.outbox.smtpOn' : 'dashboard.outbox.smtpOff')}</Alert>}
      {open !== null && (
        <Section id="outbox-email" title={t('dashboard.outbox.email')}>
          <EmailView key={open} id={open} onClose={() => setOpen(null)} />
        </Section>
      )}
      <Section id="outbox-list" title={t('dashboard.outbox.list')}>
        {!data ? (
          <p aria-busy="true">{t('dashboard.loading')}</p>
        ) : !data.emails?.length ? (
          <EmptyState title={t('dashboard.outbox.empty')}>{t('dashboard.outbox.emptyText')}</EmptyState>
        ) : (
          <Table
            id="outbox-table"
            caption={t('dashboard.outbox.caption')}
            rows={data.emails}
            rowKey={(e) => String(e.id)}
            columns={[
              {
                key: 'subject',
                header: t('dashboard.outbox.subject'),
                cell: (e) => (
                  <button type="button" class="link-button" onClick={() => setOpen(e.id)}>
                    {e.subject}
                  </button>
                ),
              },
              { key: 'to', header: t('dashboard.outbox.to'), cell: (e) => e.to },
              { key: 'kind', header: t('dashboard.outbox.kind'), cell: (e) => kindLabel(t, e.kind) },
              { key: 'lang', header: t('dashboard.outbox.language'), cell: (e) => languageLabel(t, e.lang) },
              { key: 'created', header: t('dashboard.outbox.created'), cell: (e) => formatDateTime(t, e.createdAt) },
              {
                key: 'status',
                header: t('dashboard.outbox.status'),
                cell: (e) => (e.sentAt ? t('dashboard.outbox.statusSent') : e.lastError ? t('dashboard.outbox.statusFailed') : t('dashboard.outbox.statusQueued')),
              },
            ]}
          />
        )}
        {data && <KeysetPager page={list.page} next={data.next} onNewer={list.newer} onOlder={() => list.older(data.next)} />}
      </Section>
    </>
  );
}

export function DashboardOutbox() {
  return <DashboardShell page="outbox">{() => <OutboxPage />}</DashboardShell>;
}
