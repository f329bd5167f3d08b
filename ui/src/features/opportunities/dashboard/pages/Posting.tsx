// One posting of the organisation (/dashboard/job/{id}, /dashboard/tour/{id}): what it says,
// its status and history, its applications per status, and the moves the API allows now
// (`next`): submit for approval, withdraw the request, close, archive.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { type ApiError } from '../../../../lib/api';
import { formatDate, formatDateTime } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import { getPosting, setPostingStatus } from '../api';
import { D, History, label, pageKey, StatusBadge, Loading, useSections } from '../components/parts';
import { ProblemList } from '../components/ProblemList';
import { APP_STATUSES, type Editor, type Group } from '../types';
import { adoptStyles } from '../../../../lib/styles';
import css from '../dashboard.css?inline';

adoptStyles(css);

/** The moves an organisation makes, in the order they are offered. */
const ORG_MOVES = ['submitted', 'draft', 'closed', 'archived'];

function Facts({ e }: { e: Editor }) {
  const { t } = useTranslation();
  const p = e.posting;
  const pay =
    p.pay.kind === 'amount'
      ? `${p.pay.min}${p.pay.max ? `–${p.pay.max}` : ''} ${p.pay.currency} ${label(t, 'payPeriods', p.pay.period)}`
      : t(`${D}.payKinds.${p.pay.kind}`);
  const rows: [string, string][] = [
    [t(`${D}.field.kind`), label(t, 'kinds', p.kind)],
    [t(`${D}.field.titleEn`), p.titleEn],
    [t(`${D}.field.titleMn`), p.titleMn],
    [t(`${D}.field.classification`), label(t, 'classifications', p.classification)],
    [t(`${D}.field.employmentType`), label(t, 'employmentTypes', p.employmentType)],
    [t(`${D}.field.exchangeType`), label(t, 'exchangeTypes', p.exchangeType)],
    [t(`${D}.field.audience`), label(t, 'audiences', p.audience)],
    [t(`${D}.field.country`), p.country],
    [t(`${D}.field.city`), p.city],
    [t(`${D}.field.workplace`), label(t, 'workplaces', p.workplace)],
    [t(`${D}.field.startDate`), formatDate(t, p.startDate)],
    [t(`${D}.field.endDate`), formatDate(t, p.endDate)],
    [t(`${D}.field.deadline`), formatDate(t, p.deadline)],
    [t(`${D}.field.visaType`), label(t, 'visaTypes', p.visaType)],
    [t(`${D}.field.pay_kind`), pay],
    [t(`${D}.field.participantCost`), p.participantCost ? `${p.participantCost} ${p.costCurrency}` : ''],
    [t(`${D}.field.openings`), String(p.openings)],
    [t(`${D}.field.languages`), p.languages.map((l) => t(`${D}.languages.${l}`)).join(', ')],
    [t(`${D}.field.documents`), p.documents.map((d) => label(t, 'documents', d)).join(', ')],
    [t(`${D}.field.questions`), String(p.questions.length)],
    [t(`${D}.field.noFee`), label(t, 'answers', p.noFee ? 'yes' : 'no')],
  ];
  return (
    <dl class="facts">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function PostingView({ group, id }: { group: Group; id: string }) {
  const { t } = useTranslation();
  const [e, setE] = useState<Editor | null>(null);
  const [error, setError] = useState('');
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState('');

  useEffect(() => {
    getPosting(id).then(setE, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  }, [id]);

  const move = async (status: string) => {
    if (busy) return;
    setBusy(status);
    setProblem(null);
    try {
      const next = await setPostingStatus(id, status);
      setE(next);
      toast.success(t(`${D}.detail.moved.${status}`));
    } catch (err) {
      onApiError(err as ApiError);
      setProblem(err as ApiError);
    } finally {
      setBusy('');
    }
  };

  if (error) return <Alert variant="error">{error}</Alert>;
  if (!e) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const title = e.posting.titleEn || e.posting.titleMn || t(`${D}.untitled`);
  const total = Object.values(e.applications).reduce((a, b) => a + b, 0);
  const moves = ORG_MOVES.filter((s) => e.next.includes(s));
  return (
    <>
      <p>
        <Link href={`/dashboard/${group}`}>{t(`${D}.detail.back.${group}`)}</Link>
      </p>
      <h2>{title}</h2>
      <p>
        <StatusBadge list="statuses" status={e.status} />
      </p>
      {e.status === 'returned' && e.returnReason && (
        <Alert variant="warning">{t(`${D}.detail.returnReason`, { reason: e.returnReason })}</Alert>
      )}
      {e.status === 'closed' && e.closeReason && <p>{t(`${D}.detail.closeReason.${e.closeReason}`)}</p>}
      <div role="alert">{problem && <ProblemList err={problem} group={group} id={e.id} />}</div>
      <div class="button-row">
        {e.editable && (
          <Link href={`/dashboard/${group}/${e.id}/edit`} role="button">
            {t(`${D}.detail.edit`)}
          </Link>
        )}
        {moves.map((s) => (
          <button
            key={s}
            type="button"
            class={s === 'submitted' ? undefined : 'secondary outline'}
            aria-busy={busy === s ? 'true' : undefined}
            onClick={() => move(s)}
          >
            {t(`${D}.detail.move.${s}`)}
          </button>
        ))}
      </div>
      {!e.editable && <p class="muted">{t(`${D}.detail.notEditable`)}</p>}
      <Section id="opp-facts" title={t(`${D}.detail.facts`)}>
        <Facts e={e} />
        <p class="muted">
          {t(`${D}.detail.dates`, { created: formatDateTime(t, e.createdAt), updated: formatDateTime(t, e.updatedAt) })}
        </p>
      </Section>
      <Section id="opp-apps" title={t(`${D}.detail.applications`)}>
        {total === 0 ? (
          <p>{t(`${D}.detail.noApplications`)}</p>
        ) : (
          <>
            <ul class="opp-counts">
              {APP_STATUSES.filter((s) => e.applications[s]).map((s) => (
                <li key={s}>
                  {t(`${D}.detail.count`, { status: label(t, 'applicationStatuses', s), count: e.applications[s] })}
                </li>
              ))}
            </ul>
            <p>
              <Link href={`/dashboard/kanban?opportunity=${e.id}`}>{t(`${D}.detail.openBoard`, { count: total })}</Link>
            </p>
          </>
        )}
      </Section>
      <Section id="opp-history" title={t(`${D}.detail.history`)}>
        <History events={e.history} list="statuses" />
      </Section>
    </>
  );
}

function PostingPage({ group }: { group: Group }) {
  const [, params] = useRoute<{ id: string }>(`/dashboard/${group}/:id`);
  const id = params?.id ?? '';
  return (
    <DashboardShell page={pageKey(group)}>{() => <PostingView key={id} group={group} id={id} />}</DashboardShell>
  );
}

/** The page, once the opportunities' value lists (a catalog section it shares with the public pages) are loaded. */
export function Posting({ group }: { group: Group }) {
  const ready = useSections(['opportunities']);
  return ready ? <PostingPage group={group} /> : <Loading titleKey={`dashboard.${group}s.title`} />;
}
