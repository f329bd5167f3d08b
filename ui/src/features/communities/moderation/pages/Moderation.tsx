// /dashboard/moderation: for moderators, the review queue of each community they moderate with
// the 24-hour clock counting down, an item's preview, reports and history, and the decision
// form; the appeals they may decide; for platform admins the items outside communities, every
// late report and the share answered within 24 hours. For everyone: their reports and their
// outcome, and the decisions about them (appealed once).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/formatTime';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import {
  type Appeal,
  type Item,
  type Queue,
  type Summary,
  aboutMe,
  appeal,
  clock,
  decideAppeal,
  item as getItem,
  moderate,
  myReports,
  queue as getQueue,
  stats as getStats,
  summary as getSummary,
} from '../api';

const P = 'moderation.ui.page';
const L = 'moderation.ui.labels';

function useNow(ms = 30000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

function Clock({ dueAt, serverNow, fetchedAt }: { dueAt: string; serverNow: string; fetchedAt: number }) {
  const { t } = useTranslation();
  const now = useNow();
  const c = clock(dueAt, serverNow, fetchedAt, now);
  return (
    <time dateTime={dueAt} class={c.late ? 'mod-late' : undefined}>
      {t(`${P}.${c.late ? 'overdue' : 'left'}`, { h: c.h, m: c.m })}
    </time>
  );
}

const apiFail = (err: unknown) => {
  onApiError(err as ApiError);
  toast.error((err as ApiError).message);
};

function ItemPanel({ type, id, onDone, onClose }: { type: string; id: number; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [it, setIt] = useState<Item | null>(null);
  const [fetchedAt, setFetchedAt] = useState(0);
  const [action, setAction] = useState('');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    getItem(type, id).then((v) => {
      setIt(v);
      setFetchedAt(Date.now());
      setAction((v.actions ?? [])[0] ?? '');
      ref.current?.focus();
    }, apiFail);
  }, [type, id]);
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const res = await moderate({ targetType: type as Item['targetType'] & 'post', targetId: id, action: action as 'hide', reason, days: Number(days) || 0 });
      toast.success(t(`${P}.decided`, { count: res.answered }));
      setIt(res.item);
      setErrors({});
      setReason('');
      onDone();
    } catch (err) {
      const a = err as ApiError;
      onApiError(a);
      if (a.errors) setErrors(a.errors);
      else toast.error(a.message);
    }
  };
  return (
    <section class="dash-section mod-item" aria-labelledby="mod-item-title" tabIndex={-1} ref={ref}>
      <h2 id="mod-item-title">
        {t(`${P}.preview`)}: {t(`${L}.targets.${type}`)}
      </h2>
      {!it ? (
        <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : (
        <>
          <article class="mod-preview">
            <h3>{it.title}</h3>
            <p class="muted">
              {it.author && t(`${P}.author`, { name: it.author })} · {t(`${L}.itemStatuses.${it.status}`, { defaultValue: it.status })}
              {it.link && (
                <>
                  {' · '}
                  <a href={`/${document.documentElement.lang || 'en'}${it.link}`}>{t(`${P}.open`)}</a>
                </>
              )}
            </p>
            <p class="mod-body">{it.body}</p>
          </article>
          <h3>{t(`${P}.reportsOf`)}</h3>
          <ul>
            {(it.reports ?? []).map((r) => (
              <li key={r.id}>
                <strong>{t(`${L}.reasons.${r.reason}`)}</strong> — {r.reporter} · {formatDateTime(t, r.createdAt)} · {t(`${L}.statuses.${r.status}`)}
                {r.status === 'open' && (
                  <>
                    {' · '}
                    <Clock dueAt={r.dueAt} serverNow={it.now} fetchedAt={fetchedAt} />
                  </>
                )}
                {r.note && <blockquote>{r.note}</blockquote>}
              </li>
            ))}
          </ul>
          <h3>{t(`${P}.history`)}</h3>
          {!it.history?.length ? (
            <p>{t(`${P}.noHistory`)}</p>
          ) : (
            <ol>
              {(it.history ?? []).map((a) => (
                <li key={a.id}>
                  {formatDateTime(t, a.createdAt)} — <strong>{t(`${L}.actions.${a.action}`)}</strong> ({a.actor || t(`${P}.byPlatform`)})
                  {a.reason && a.action !== 'auto_hide' ? `: ${a.reason}` : ''}
                  {a.appealStatus && ` · ${t(`${L}.appealStatuses.${a.appealStatus}`)}`}
                </li>
              ))}
            </ol>
          )}
          <form onSubmit={submit} noValidate>
            <h3>{t(`${P}.decide`)}</h3>
            <label for="mod-action">{t(`${P}.action`)}</label>
            <select id="mod-action" value={action} onChange={(e) => setAction(e.currentTarget.value)} aria-invalid={errors.action ? 'true' : undefined}>
              {(it.actions ?? []).map((a) => (
                <option key={a} value={a}>
                  {t(`${L}.actions.${a}`)}
                </option>
              ))}
            </select>
            {errors.action && <small>{errors.action}</small>}
            {action === 'suspend' && (
              <>
                <label for="mod-days">{t(`${P}.days`)}</label>
                <input id="mod-days" type="number" min={1} max={365} value={days} onInput={(e) => setDays(e.currentTarget.value)}
                  aria-invalid={errors.days ? 'true' : undefined} aria-describedby={errors.days ? 'mod-days-error' : undefined} />
                {errors.days && <small id="mod-days-error">{errors.days}</small>}
              </>
            )}
            <label for="mod-reason">{t(`${P}.reason`)}</label>
            <textarea id="mod-reason" rows={3} value={reason} onInput={(e) => setReason(e.currentTarget.value)}
              aria-invalid={errors.reason ? 'true' : undefined} aria-describedby={errors.reason ? 'mod-reason-error' : undefined} />
            {errors.reason && <small id="mod-reason-error">{errors.reason}</small>}
            <button type="submit">{t(`${P}.submit`)}</button>{' '}
            <button type="button" class="secondary outline" onClick={onClose}>
              {t(`${P}.close`)}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

function QueueSection({ sum, reload }: { sum: Summary; reload: () => void }) {
  const { t } = useTranslation();
  const initial = new URLSearchParams(window.location.search).get('community');
  const scopes = [...(sum.queues ?? []).map((q) => ({ key: q.id === 0 ? 'platform' : String(q.id), q })), ...(sum.platformAdmin ? [{ key: 'late', q: null }] : [])];
  const [scope, setScope] = useState(scopes.some((s) => s.key === initial) ? initial! : scopes[0].key);
  const [page, setPage] = useState<Queue | null>(null);
  const [fetchedAt, setFetchedAt] = useState(0);
  const [open, setOpen] = useState<{ type: string; id: number } | null>(null);
  const load = (more = false) =>
    getQueue(scope, more && page?.next ? page.next : '').then((q) => {
      setFetchedAt(Date.now());
      setPage(more && page ? { ...q, items: [...(page.items ?? []), ...(q.items ?? [])] } : q);
    }, apiFail);
  useEffect(() => {
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope]);
  return (
    <Section id="mod-queue" title={t(`${P}.queueTitle`)}>
      <label for="mod-scope">{t(`${P}.queue`)}</label>
      <select id="mod-scope" value={scope} onChange={(e) => {
          setPage(null);
          setScope(e.currentTarget.value);
        }}>
        {scopes.map(({ key, q }) => (
          <option key={key} value={key}>
            {q
              ? `${q.name} — ${t(`${P}.open`, { count: q.open })}, ${t(`${P}.escalated`, { count: q.escalated })}, ${t(`${P}.late`, { count: q.late })}`
              : `${t(`${P}.lateEverywhere`)} (${sum.lateEverywhere})`}
          </option>
        ))}
      </select>
      {!page ? (
        <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : !page.items?.length ? (
        <p>{t(`${P}.empty`)}</p>
      ) : (
        <div class="table-scroll" role="region" aria-labelledby="mod-queue-title" tabIndex={0}>
          <table class="striped">
            <thead>
              <tr>
                <th scope="col">{t(`${P}.item`)}</th>
                <th scope="col">{t(`${P}.reports`)}</th>
                <th scope="col">{t(`${P}.reasons`)}</th>
                <th scope="col">{t(`${P}.clock`)}</th>
                <th scope="col">{t(`${P}.status`)}</th>
                <th scope="col">
                  <span class="visually-hidden">{t(`${P}.review`)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(page.items ?? []).map((i) => (
                <tr key={`${i.targetType}-${i.targetId}`} class="mod-row">
                  <th scope="row">
                    {t(`${L}.targets.${i.targetType}`)}: {i.title}
                    {i.excerpt && <small class="muted"> {i.excerpt}</small>}
                  </th>
                  <td>{i.reports}</td>
                  <td>{(i.reasons ?? []).map((r) => t(`${L}.reasons.${r}`)).join(', ')}</td>
                  <td>
                    <Clock dueAt={i.dueAt} serverNow={page.now} fetchedAt={fetchedAt} />
                  </td>
                  <td>{t(`${L}.itemStatuses.${i.status}`, { defaultValue: i.status })}</td>
                  <td>
                    <button type="button" class="secondary" onClick={() => setOpen({ type: i.targetType, id: i.targetId })}>
                      {t(`${P}.review`)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page?.next && (
        <button type="button" class="secondary outline" onClick={() => load(true)}>
          {t(`${P}.more`)}
        </button>
      )}
      {open && (
        <ItemPanel
          key={`${open.type}-${open.id}`}
          type={open.type}
          id={open.id}
          onClose={() => setOpen(null)}
          onDone={() => {
            load();
            reload();
          }}
        />
      )}
    </Section>
  );
}

function AppealRow({ a, onDone }: { a: Appeal; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const decide = async (d: 'uphold' | 'overturn') => {
    try {
      await decideAppeal(a.id, d, reason);
      toast.success(t(`${P}.appealDone`));
      onDone();
    } catch (err) {
      const e = err as ApiError;
      onApiError(e);
      if (e.errors?.reason) setError(e.errors.reason);
      else toast.error(e.message);
    }
  };
  const id = `appeal-${a.id}`;
  return (
    <li>
      <p>
        <strong>{t(`${L}.actions.${a.action.action}`)}</strong> ({t(`${L}.targets.${a.targetType}`)}) — {a.action.actor}: {a.action.reason}
      </p>
      <p>
        {a.author} — {t(`${P}.appealNote`, { note: a.note })}
      </p>
      {a.canDecide ? (
        <>
          <label for={id}>{t(`${P}.appealReason`)}</label>
          <textarea id={id} rows={2} value={reason} onInput={(e) => setReason(e.currentTarget.value)} aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${id}-error` : undefined} />
          {error && <small id={`${id}-error`}>{error}</small>}
          <button type="button" onClick={() => decide('uphold')}>
            {t(`${P}.uphold`)}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => decide('overturn')}>
            {t(`${P}.overturn`)}
          </button>
        </>
      ) : (
        <p class="muted">{t(`${P}.notYours`)}</p>
      )}
    </li>
  );
}

function StatsSection() {
  const { t } = useTranslation();
  const [s, setS] = useState<Awaited<ReturnType<typeof getStats>> | null>(null);
  useEffect(() => {
    getStats().then(setS, apiFail);
  }, []);
  if (!s) return null;
  return (
    <Section id="mod-stats" title={t(`${P}.statsTitle`)}>
      <div class="table-scroll" role="region" aria-labelledby="mod-stats-title" tabIndex={0}>
        <table class="striped">
          <thead>
            <tr>
              {['community', 'answered', 'onTime', 'share', 'lateOpen'].map((k) => (
                <th key={k} scope="col">
                  {t(`${P}.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(s.items ?? []).map((c) => (
              <tr key={c.communityId}>
                <th scope="row">{c.name}</th>
                <td>{c.answered}</td>
                <td>{c.onTime}</td>
                <td>{Math.round(c.share * 100)}%</td>
                <td>{c.late}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function statusText(t: TFunction, status: string, outcome?: string) {
  return outcome ? `${t(`${L}.statuses.${status}`)} — ${t(`${P}.outcome`, { outcome: t(`${L}.actions.${outcome}`) })}` : t(`${L}.statuses.${status}`);
}

function MineSection() {
  const { t } = useTranslation();
  const [list, setList] = useState<Awaited<ReturnType<typeof myReports>> | null>(null);
  useEffect(() => {
    myReports().then(setList, apiFail);
  }, []);
  return (
    <Section id="mod-mine" title={t(`${P}.mineTitle`)}>
      {!list ? (
        <p aria-busy="true">{t('dashboard.loading')}</p>
      ) : !list.items?.length ? (
        <p>{t(`${P}.mineEmpty`)}</p>
      ) : (
        <ul class="mod-mine">
          {(list.items ?? []).map((r) => (
            <li key={r.id}>
              {t(`${L}.targets.${r.targetType}`)}: {r.title} · {t(`${L}.reasons.${r.reason}`)} · {formatDateTime(t, r.createdAt)} ·{' '}
              <strong>{statusText(t, r.status, r.outcome)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AboutMeSection() {
  const { t } = useTranslation();
  const [list, setList] = useState<Awaited<ReturnType<typeof aboutMe>> | null>(null);
  const [writing, setWriting] = useState(0);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const load = () => aboutMe().then(setList, apiFail);
  useEffect(() => {
    load();
  }, []);
  const send = async (actionId: number) => {
    try {
      await appeal(actionId, note);
      toast.success(t(`${P}.appealSent`));
      setWriting(0);
      setNote('');
      load();
    } catch (err) {
      const e = err as ApiError;
      onApiError(e);
      if (e.errors?.note) setError(e.errors.note);
      else toast.error(e.message);
    }
  };
  if (!list || !list.items?.length) return null;
  return (
    <Section id="mod-about-me" title={t(`${P}.aboutMeTitle`)}>
      <ul>
        {(list.items ?? []).map((d) => (
          <li key={d.action.id}>
            {formatDateTime(t, d.action.createdAt)} — <strong>{t(`${L}.actions.${d.action.action}`)}</strong> ({t(`${L}.targets.${d.targetType}`)}
            {d.title ? `: ${d.title}` : ''}) — {d.action.reason}
            {d.action.appealStatus && ` · ${t(`${L}.appealStatuses.${d.action.appealStatus}`)}`}{' '}
            {d.appealable && writing !== d.action.id && (
              <button type="button" class="secondary outline" onClick={() => setWriting(d.action.id)}>
                {t(`${P}.appeal`)}
              </button>
            )}
            {writing === d.action.id && (
              <div>
                <label for="appeal-note">{t(`${P}.appealWhy`)}</label>
                <textarea id="appeal-note" rows={3} value={note} onInput={(e) => setNote(e.currentTarget.value)} aria-invalid={error ? 'true' : undefined}
                  aria-describedby={error ? 'appeal-note-error' : undefined} />
                {error && <small id="appeal-note-error">{error}</small>}
                <button type="button" onClick={() => send(d.action.id)}>
                  {t(`${P}.sendAppeal`)}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ModerationView() {
  const { t } = useTranslation();
  const [sum, setSum] = useState<Summary | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    getSummary().then(setSum, (err: ApiError) => {
      onApiError(err);
      setError(err.message);
    });
  useEffect(() => {
    load();
  }, []);
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!sum) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  return (
    <>
      {(sum.queues ?? []).length > 0 && <QueueSection sum={sum} reload={load} />}
      {(sum.appeals ?? []).length > 0 && (
        <Section id="mod-appeals" title={t(`${P}.appealsTitle`)}>
          <ul>
            {(sum.appeals ?? []).map((a) => (
              <AppealRow key={a.id} a={a} onDone={load} />
            ))}
          </ul>
        </Section>
      )}
      {sum.platformAdmin && <StatsSection />}
      <MineSection />
      <AboutMeSection />
    </>
  );
}

export function Moderation() {
  return (
    <DashboardShell page="moderation" titleKey="moderation.ui.title">
      {() => <ModerationView />}
    </DashboardShell>
  );
}
