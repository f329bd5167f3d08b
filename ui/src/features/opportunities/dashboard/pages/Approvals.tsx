// The admins' approval queue (/dashboard/approvals): how many wait and for how long, the
// postings (approve or send back with a reason, one or many) and the organisations asking to
// be verified (verify, send back with a reason, suspend).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../ui/Alert';
import { EmptyState } from '../../../../ui/EmptyState';
import { type ApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import { decide, decideOrg, getQueue } from '../api';
import { D, daysSince, label, Loading, useSections } from '../components/parts';
import { type ReasonRequest, ReasonDialog } from '../components/ReasonDialog';
import type { DecisionResult, Editor, OrgView, Queue } from '../types';
import { adoptStyles } from '../../../../lib/styles';
import css from '../dashboard.css?inline';

adoptStyles(css);

const A = `${D}.approvals`;

function Preview({ e }: { e: Editor }) {
  const { t } = useTranslation();
  const p = e.posting;
  return (
    <details class="opp-preview">
      <summary>{t(`${A}.preview`)}</summary>
      <div class="grid opp-pair">
        <div lang="en">
          <h4>{p.titleEn}</h4>
          <p class="opp-pre">{p.descriptionEn}</p>
        </div>
        <div lang="mn">
          <h4>{p.titleMn}</h4>
          <p class="opp-pre">{p.descriptionMn}</p>
        </div>
      </div>
      <dl class="facts">
        {[
          [t(`${D}.field.country`), p.country],
          [t(`${D}.field.city`), p.city],
          [t(`${D}.field.deadline`), p.deadline],
          [t(`${D}.field.classification`), label(t, 'classifications', p.classification)],
          [t(`${D}.field.contactEmail`), p.contactEmail],
          [t(`${D}.field.noFee`), p.noFee ? t('opportunities.answers.yes') : t('opportunities.answers.no')],
        ]
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </details>
  );
}

function QueueView() {
  const { t } = useTranslation();
  const [q, setQ] = useState<Queue | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [ask, setAsk] = useState<ReasonRequest | null>(null);
  const [now] = useState(() => Date.now());

  const load = () =>
    getQueue().then(
      (d) => {
        setQ(d);
        setSelected((s) => s.filter((id) => d.postings.some((p) => p.id === id)));
      },
      (err: ApiError) => {
        onApiError(err);
        setError(err.message);
      },
    );
  useEffect(() => {
    load();
  }, []);

  const titleOf = (id: number) => {
    const e = q?.postings.find((p) => p.id === id);
    return e ? e.posting.titleEn || e.posting.titleMn : String(id);
  };

  const decidePostings = async (ids: number[], decision: 'approve' | 'return', reason = ''): Promise<string | undefined> => {
    let res: DecisionResult;
    try {
      res = await decide(ids, decision, reason);
    } catch (err) {
      onApiError(err as ApiError);
      const e = err as ApiError;
      if (e.errors?.reason) return e.errors.reason;
      toast.error(e.message);
      return undefined;
    }
    setRefused(res.refused ?? {});
    if (res.done.length) toast.success(t(`${A}.done.${decision}`, { count: res.done.length }));
    await load();
    return undefined;
  };

  const decideOrganization = async (o: OrgView, status: 'verified' | 'returned' | 'suspended', reason = ''): Promise<string | undefined> => {
    try {
      await decideOrg(o.id, status, reason);
      toast.success(t(`${A}.orgDone.${status}`, { name: o.name }));
      await load();
      return undefined;
    } catch (err) {
      onApiError(err as ApiError);
      const e = err as ApiError;
      if (e.errors?.reason) return e.errors.reason;
      toast.error(e.message);
      return undefined;
    }
  };

  if (error) return <Alert variant="error">{error}</Alert>;
  if (!q) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const all = q.postings.map((p) => p.id);
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const sendBack = (ids: number[]) =>
    setAsk({
      title: ids.length === 1 ? t(`${A}.sendBackOne`, { title: titleOf(ids[0]) }) : t(`${A}.sendBackMany`, { count: ids.length }),
      action: t(`${A}.sendBack`),
      run: (reason) => decidePostings(ids, 'return', reason),
    });

  return (
    <>
      <ul class="opp-stats">
        <li>
          <strong>{q.postingsWaiting}</strong> {t(`${A}.postingsWaiting`, { count: q.postingsWaiting })}
          {q.oldestPosting && <span class="muted"> {t(`${A}.oldest`, { count: daysSince(q.oldestPosting, now), date: formatDateTime(t, q.oldestPosting) })}</span>}
        </li>
        <li>
          <strong>{q.organizationsWaiting}</strong> {t(`${A}.orgsWaiting`, { count: q.organizationsWaiting })}
          {q.oldestOrganization && (
            <span class="muted"> {t(`${A}.oldest`, { count: daysSince(q.oldestOrganization, now), date: formatDateTime(t, q.oldestOrganization) })}</span>
          )}
        </li>
      </ul>
      {Object.keys(refused).length > 0 && (
        <Alert variant="warning">
          <p>{t(`${A}.refusedTitle`)}</p>
          <ul>
            {Object.entries(refused).map(([id, why]) => (
              <li key={id}>{t(`${A}.refused`, { title: titleOf(Number(id)), reason: why })}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Section id="queue-postings" title={t(`${A}.postings`)}>
        {q.postings.length === 0 ? (
          <EmptyState title={t(`${A}.noPostings`)}>{t(`${A}.noPostingsText`)}</EmptyState>
        ) : (
          <>
            <div class="button-row opp-bulk" role="group" aria-label={t(`${A}.bulk`)}>
              <label for="queue-all">
                <input id="queue-all" type="checkbox" checked={selected.length === all.length} onChange={(e) => setSelected(e.currentTarget.checked ? all : [])} />
                {t(`${A}.selectAll`)}
              </label>
              <span class="muted" aria-live="polite">
                {t(`${A}.selected`, { count: selected.length })}
              </span>
              <button type="button" disabled={!selected.length} onClick={() => decidePostings(selected, 'approve')}>
                {t(`${A}.approveSelected`)}
              </button>
              <button type="button" class="secondary outline" disabled={!selected.length} onClick={() => sendBack(selected)}>
                {t(`${A}.sendBackSelected`)}
              </button>
            </div>
            <ul class="opp-queue">
              {q.postings.map((e) => {
                const title = e.posting.titleEn || e.posting.titleMn;
                return (
                  <li key={e.id}>
                    <article class="opp-queue__item">
                      <header>
                        <label for={`queue-${e.id}`}>
                          <input id={`queue-${e.id}`} type="checkbox" checked={selected.includes(e.id)} onChange={(ev) => toggle(e.id, ev.currentTarget.checked)} />
                          <span class="visually-hidden">{t(`${A}.select`, { title })}</span>
                        </label>
                        <h3>{title}</h3>
                      </header>
                      <p class="muted">
                        {t(`${A}.meta`, { organization: e.organization.name, kind: label(t, 'kinds', e.posting.kind), date: formatDateTime(t, e.submittedAt ?? e.updatedAt) })}
                      </p>
                      {!e.organization.verified && <p class="opp-flag">{t(`${A}.orgNotVerified`)}</p>}
                      <Preview e={e} />
                      <div class="button-row">
                        <button type="button" onClick={() => decidePostings([e.id], 'approve')} aria-label={t(`${A}.approveNamed`, { title })}>
                          {t(`${A}.approve`)}
                        </button>
                        <button type="button" class="secondary outline" onClick={() => sendBack([e.id])} aria-label={t(`${A}.sendBackNamed`, { title })}>
                          {t(`${A}.sendBack`)}
                        </button>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Section>
      <Section id="queue-orgs" title={t(`${A}.organizations`)}>
        {q.organizations.length === 0 ? (
          <EmptyState title={t(`${A}.noOrgs`)}>{t(`${A}.noOrgsText`)}</EmptyState>
        ) : (
          <ul class="opp-queue">
            {q.organizations.map((o) => (
              <li key={o.id}>
                <article class="opp-queue__item">
                  <h3>{o.name}</h3>
                  <dl class="facts">
                    <div>
                      <dt>{t(`${D}.org.registrationNumber`)}</dt>
                      <dd>{o.registrationNumber}</dd>
                    </div>
                    <div>
                      <dt>{t(`${D}.org.website`)}</dt>
                      <dd>
                        <a href={o.website} rel="noopener noreferrer nofollow" target="_blank">
                          {o.website}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt>{t(`${D}.org.contactEmail`)}</dt>
                      <dd>{o.contactEmail}</dd>
                    </div>
                    <div>
                      <dt>{t(`${D}.org.contactName`)}</dt>
                      <dd>{o.contactName}</dd>
                    </div>
                    {o.requestedAt && (
                      <div>
                        <dt>{t(`${A}.requestedAt`)}</dt>
                        <dd>{formatDateTime(t, o.requestedAt)}</dd>
                      </div>
                    )}
                  </dl>
                  <div class="button-row">
                    <button type="button" onClick={() => decideOrganization(o, 'verified')} aria-label={t(`${A}.verifyNamed`, { name: o.name })}>
                      {t(`${A}.verify`)}
                    </button>
                    <button
                      type="button"
                      class="secondary outline"
                      aria-label={t(`${A}.sendBackNamed`, { title: o.name })}
                      onClick={() => setAsk({ title: t(`${A}.sendBackOne`, { title: o.name }), action: t(`${A}.sendBack`), run: (r) => decideOrganization(o, 'returned', r) })}
                    >
                      {t(`${A}.sendBack`)}
                    </button>
                    <button
                      type="button"
                      class="secondary outline"
                      aria-label={t(`${A}.suspendNamed`, { name: o.name })}
                      onClick={() => setAsk({ title: t(`${A}.suspendOne`, { name: o.name }), action: t(`${A}.suspend`), run: (r) => decideOrganization(o, 'suspended', r) })}
                    >
                      {t(`${A}.suspend`)}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <ReasonDialog request={ask} onClose={() => setAsk(null)} />
    </>
  );
}

function ApprovalsPage() {
  return <DashboardShell page="approvals">{() => <QueueView />}</DashboardShell>;
}

/** The page, once the opportunities' value lists (a catalog section it shares with the public pages) are loaded. */
export function Approvals() {
  const ready = useSections(['opportunities']);
  return ready ? <ApprovalsPage /> : <Loading titleKey={'dashboard.approvals.title'} />;
}
