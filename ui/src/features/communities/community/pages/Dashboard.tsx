// The dashboard of communities: /dashboard/communities (my communities and requests; platform
// admins create communities and decide requests; enterprise owners and managers ask for one)
// and /dashboard/communities/{slug} (a community's settings, members with requests to join and
// roles, forums and upcoming events) for the community's admins.
import type { TargetedEvent } from 'preact';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { ApiError } from '../../../../lib/api';
import { useForm } from '../../../../lib/form';
import { formatDate } from '../../../../lib/formatTime';
import { useResource } from '../../../../lib/resource';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { Alert } from '../../../../ui/Alert';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import { describedBy, Messages } from '../../../../ui/fields/field';
import { SelectField, TextField } from '../../../../ui/fields/TextField';
import {
  type CommunityDetail,
  type CommunityQueue,
  type CommunityRequest,
  createCommunity,
  createForum,
  decideCommunity,
  decideJoin,
  deleteForum,
  type ForumView,
  type MemberList,
  type MyCommunities,
  reorderForums,
  requestCommunity,
  type Role,
  setRole,
  updateCommunity,
  updateForum,
} from '../api';
import { Badge, C } from '../components/parts';
import { CommunityEvents } from '../../events/CommunityEvents';

const S = `${C}.manage`;

function fail(err: unknown) {
  onApiError(err as ApiError);
  toast.error((err as ApiError).message);
}

function TextArea({ id, label, hint, error, value, onValue, rows = 4 }: { id: string; label: string; hint?: string; error?: string; value: string; onValue: (v: string) => void; rows?: number }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} name={id} rows={rows} value={value} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(id, hint, error)}
        onInput={(e) => onValue(e.currentTarget.value)} />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

const blank = { nameEn: '', nameMn: '', descriptionEn: '', descriptionMn: '', rulesEn: '', rulesMn: '', visibility: 'public', joinPolicy: 'open', autoHide: '3' };
type CommunityValues = typeof blank;

const valuesOf = (c: CommunityDetail): CommunityValues => ({
  nameEn: c.nameEn, nameMn: c.nameMn, descriptionEn: c.descriptionEn, descriptionMn: c.descriptionMn, rulesEn: c.rulesEn, rulesMn: c.rulesMn,
  visibility: c.visibility, joinPolicy: c.joinPolicy, autoHide: String(c.autoHide),
});

/** The fields of a community in both languages: the create, request and settings forms. */
function CommunityForm({ initial, autoHide, submitLabel, onSubmit }: { initial: CommunityValues; autoHide: boolean; submitLabel: string; onSubmit: (body: CommunityRequest) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm(initial);
  const { attach } = form;
  // Refused because the organisation's plan has no room for another community.
  const [full, setFull] = useState(false);
  const v = form.values;
  const text = (name: keyof CommunityValues) => ({ value: v[name], onValue: (x: string) => form.set(name, x), error: form.errors[name] });
  const submit = form.submit(async () => {
    setFull(false);
    const body: CommunityRequest = { ...v, visibility: v.visibility as 'public' | 'members', joinPolicy: v.joinPolicy as 'open' | 'approval', autoHide: undefined };
    if (autoHide) body.autoHide = Number(v.autoHide);
    try {
      await onSubmit(body);
    } catch (err) {
      setFull((err as ApiError).code === 'plan_limit');
      form.failWith(err as ApiError);
    }
  });
  return (
    <form ref={attach} onSubmit={submit} noValidate class="comm-form">
      {form.message && (
        <Alert variant="error">
          {form.message}
          {full && (
            <>
              {' '}
              <Link href="/pricing">{t(`${S}.pricing`)}</Link>
            </>
          )}
        </Alert>
      )}
      <p class="muted">{t(`${S}.languagesNote`)}</p>
      <div class="grid">
        <TextField id="nameEn" name="nameEn" label={t(`${S}.field.nameEn`)} value={v.nameEn} error={form.errors.nameEn}
          onInput={(e: TargetedEvent<HTMLInputElement>) => form.set('nameEn', e.currentTarget.value)} />
        <TextField id="nameMn" name="nameMn" label={t(`${S}.field.nameMn`)} value={v.nameMn} error={form.errors.nameMn}
          onInput={(e: TargetedEvent<HTMLInputElement>) => form.set('nameMn', e.currentTarget.value)} />
      </div>
      <div class="grid">
        <TextArea id="descriptionEn" label={t(`${S}.field.descriptionEn`)} hint={t(`${S}.markdown`)} {...text('descriptionEn')} />
        <TextArea id="descriptionMn" label={t(`${S}.field.descriptionMn`)} hint={t(`${S}.markdown`)} {...text('descriptionMn')} />
      </div>
      <div class="grid">
        <TextArea id="rulesEn" label={t(`${S}.field.rulesEn`)} {...text('rulesEn')} />
        <TextArea id="rulesMn" label={t(`${S}.field.rulesMn`)} {...text('rulesMn')} />
      </div>
      <div class="grid">
        <SelectField id="visibility" name="visibility" label={t(`${S}.field.visibility`)} value={v.visibility} error={form.errors.visibility}
          options={['public', 'members'].map((x) => ({ value: x, label: t(`${C}.visibility.${x}`) }))}
          onChange={(e) => form.set('visibility', e.currentTarget.value)} />
        <SelectField id="joinPolicy" name="joinPolicy" label={t(`${S}.field.joinPolicy`)} value={v.joinPolicy} error={form.errors.joinPolicy}
          options={['open', 'approval'].map((x) => ({ value: x, label: t(`${C}.joinPolicy.${x}`) }))}
          onChange={(e) => form.set('joinPolicy', e.currentTarget.value)} />
        {autoHide && (
          <TextField id="autoHide" name="autoHide" type="number" min="0" max="100" label={t(`${S}.field.autoHide`)} hint={t(`${S}.field.autoHideHint`)}
            value={v.autoHide} error={form.errors.autoHide} onInput={(e: TargetedEvent<HTMLInputElement>) => form.set('autoHide', e.currentTarget.value)} />
        )}
      </div>
      <button type="submit" aria-busy={form.busy} disabled={form.busy}>
        {submitLabel}
      </button>
    </form>
  );
}

// ---- /dashboard/communities ----

function Queue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('requested');
  const { data, error, reload } = useResource<CommunityQueue>(`/admin/communities?status=${status}`);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const decide = async (id: number, name: string, to: 'active' | 'rejected' | 'suspended') => {
    try {
      await decideCommunity(id, to, reasons[id] ?? '');
      toast.success(t(`${S}.decided.${to}`, { name }));
      await reload();
    } catch (err) {
      const e = err as ApiError;
      onApiError(e);
      toast.error(e.errors?.reason ?? e.message);
    }
  };
  return (
    <Section id="queue" title={t(`${S}.queue`)}>
      <SelectField id="queue-status" label={t(`${S}.queueStatus`)} value={status} onChange={(e) => setStatus(e.currentTarget.value)}
        options={['requested', 'active', 'suspended', 'rejected'].map((x) => ({ value: x, label: `${t(`${C}.communityStatuses.${x}`)} (${data?.counts[x] ?? 0})` }))} />
      {error && <Alert variant="error">{error}</Alert>}
      {data && !data.items.length && <p class="muted">{t(`${S}.queueEmpty`)}</p>}
      <ul class="comm-queue">
        {data?.items.map((c) => (
          <li key={c.id}>
            <h3>{c.status === 'active' ? <Link href={`/forums/${c.slug}`}>{c.name}</Link> : c.name}</h3>
            <p class="muted">
              {[c.organization, c.requester && t(`${S}.requestedBy`, { name: c.requester }), formatDate(t, c.createdAt)].filter(Boolean).join(' · ')}
            </p>
            <p>{c.description}</p>
            {c.reason && <p class="muted">{t(`${S}.reasonWas`, { reason: c.reason })}</p>}
            {c.status !== 'rejected' && (
              <div class="comm-decide">
                {c.status !== 'suspended' && (
                  <TextField id={`reason-${c.id}`} label={t(`${S}.reason`)} value={reasons[c.id] ?? ''}
                    onInput={(e: TargetedEvent<HTMLInputElement>) => setReasons((r) => ({ ...r, [c.id]: (e.target as HTMLInputElement).value }))} />
                )}
                <div class="button-row">
                  {c.status === 'requested' && (
                    <>
                      <button type="button" onClick={() => decide(c.id, c.name, 'active')}>{t(`${S}.approve`)}</button>
                      <button type="button" class="secondary outline" onClick={() => decide(c.id, c.name, 'rejected')}>{t(`${S}.reject`)}</button>
                    </>
                  )}
                  {c.status === 'active' && (
                    <button type="button" class="secondary outline" onClick={() => decide(c.id, c.name, 'suspended')}>{t(`${S}.suspend`)}</button>
                  )}
                  {c.status === 'suspended' && <button type="button" onClick={() => decide(c.id, c.name, 'active')}>{t(`${S}.reinstate`)}</button>}
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Mine() {
  const { t } = useTranslation();
  const { data, error, reload } = useResource<MyCommunities>('/me/communities');
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const create = async (body: CommunityRequest) => {
    const c = data.canCreate ? await createCommunity(body) : await requestCommunity(body);
    toast.success(data.canCreate ? t(`${S}.created`, { name: c.name }) : t(`${S}.requested`, { name: c.name }));
    await reload();
  };
  return (
    <>
      <Section id="mine" title={t(`${S}.mine`)}>
        {!data.items.length ? (
          <p class="muted">
            {t(`${S}.none`)} <Link href="/forums">{t(`${S}.browse`)}</Link>
          </p>
        ) : (
          <ul class="comm-mine">
            {data.items.map((c) => (
              <li key={c.id}>
                <strong>{c.status === 'active' ? <Link href={`/forums/${c.slug}`}>{c.name}</Link> : c.name}</strong>{' '}
                {c.status !== 'active' && <Badge kind={c.status}>{t(`${C}.communityStatuses.${c.status}`)}</Badge>}{' '}
                {c.membership && (
                  <Badge kind="member">{c.membership.status === 'active' ? t(`${C}.roles.${c.membership.role}`) : t(`${C}.statuses.${c.membership.status}`)}</Badge>
                )}
                {c.reason && c.status !== 'active' && <p class="muted">{t(`${S}.reasonWas`, { reason: c.reason })}</p>}
                {c.membership?.role === 'admin' && c.membership.status === 'active' && c.status !== 'rejected' && (
                  <>
                    {' '}
                    <Link href={`/dashboard/communities/${c.slug}`}>{t(`${S}.open`, { name: c.name })}</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {(data.canCreate || data.canRequest) && (
        <Section id="new" title={data.canCreate ? t(`${S}.create`) : t(`${S}.request`)}>
          {!data.canCreate && <p class="muted">{t(`${S}.requestNote`)}</p>}
          {!data.canCreate && data.usage && data.usage.max >= 0 && (
            <p id="comm-usage" class="muted">
              {data.usage.max === 0
                ? t(`${S}.usageNone`, { plan: data.usage.plan })
                : t(`${S}.usage`, { used: data.usage.used, count: data.usage.max, plan: data.usage.plan })}
              {data.usage.used >= data.usage.max && (
                <>
                  {' '}
                  <Link href="/pricing">{t(`${S}.pricing`)}</Link>
                </>
              )}
            </p>
          )}
          <details class="comm-new">
            <summary>{data.canCreate ? t(`${S}.createOpen`) : t(`${S}.requestOpen`)}</summary>
            <CommunityForm initial={blank} autoHide={false} submitLabel={data.canCreate ? t(`${S}.createSubmit`) : t(`${S}.requestSubmit`)} onSubmit={create} />
          </details>
        </Section>
      )}
      {data.canCreate && <Queue />}
    </>
  );
}

export function MyCommunitiesPage() {
  return <DashboardShell page="communities" titleKey={`${C}.mine.title`}>{() => <Mine />}</DashboardShell>;
}

// ---- /dashboard/communities/{slug} ----

function Members({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'active' | 'pending'>('active');
  const { data, error, reload } = useResource<MemberList>(`/communities/${encodeURIComponent(slug)}/members?status=${tab}`);
  const run = async (fn: () => Promise<unknown>, message: string) => {
    try {
      await fn();
      toast.success(message);
      await reload();
    } catch (err) {
      fail(err);
    }
  };
  return (
    <Section id="members" title={t(`${S}.members`)}>
      <div role="group" class="button-row" aria-label={t(`${S}.members`)}>
        <button type="button" class={tab === 'active' ? '' : 'secondary outline'} aria-pressed={tab === 'active'} onClick={() => setTab('active')}>
          {t(`${S}.activeMembers`)}
        </button>
        <button type="button" class={tab === 'pending' ? '' : 'secondary outline'} aria-pressed={tab === 'pending'} onClick={() => setTab('pending')}>
          {t(`${S}.pendingMembers`, { count: data?.pendingCount ?? 0 })}
        </button>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {data && !data.items.length && <p class="muted">{tab === 'pending' ? t(`${S}.noPending`) : t(`${S}.noMembers`)}</p>}
      {data && !!data.items.length && (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t(`${S}.member`)}</th>
                <th scope="col">{tab === 'pending' ? t(`${S}.asked`) : t(`${S}.joined`)}</th>
                <th scope="col">{tab === 'pending' ? t(`${S}.decision`) : t(`${S}.role`)}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((m) => (
                <tr key={m.userId}>
                  <td>
                    {m.handle ? <Link href={`/u/${m.handle}`}>{m.name}</Link> : m.name}
                    {m.status === 'suspended' && <> <Badge kind="suspended">{t(`${C}.statuses.suspended`)}</Badge></>}
                  </td>
                  <td>{formatDate(t, m.joinedAt)}</td>
                  <td>
                    {tab === 'pending' ? (
                      <div class="button-row">
                        <button type="button" onClick={() => run(() => decideJoin(slug, m.userId, true), t(`${S}.approvedJoin`, { name: m.name }))}>
                          {t(`${S}.approveJoin`)}
                        </button>
                        <button type="button" class="secondary outline" onClick={() => run(() => decideJoin(slug, m.userId, false), t(`${S}.refusedJoin`, { name: m.name }))}>
                          {t(`${S}.refuseJoin`)}
                        </button>
                      </div>
                    ) : (
                      <select aria-label={t(`${S}.roleOf`, { name: m.name })} value={m.role}
                        onChange={(e) => run(() => setRole(slug, m.userId, e.currentTarget.value as Role), t(`${S}.roleSet`, { name: m.name }))}>
                        {(['admin', 'moderator', 'member'] as const).map((r) => (
                          <option key={r} value={r}>
                            {t(`${C}.roles.${r}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function ForumRow({ slug, f, first, last, onMove, onChanged }: { slug: string; f: ForumView; first: boolean; last: boolean; onMove: (d: -1 | 1) => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [edit, setEdit] = useState(false);
  const [v, setV] = useState({ nameEn: f.nameEn, nameMn: f.nameMn, descriptionEn: f.descriptionEn, descriptionMn: f.descriptionMn });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await updateForum(slug, f.slug, v);
      toast.success(t(`${S}.forumSaved`, { name: v.nameEn || v.nameMn }));
      setEdit(false);
      onChanged();
    } catch (err) {
      const ae = err as ApiError;
      onApiError(ae);
      if (ae.errors) setErrors(ae.errors);
      else toast.error(ae.message);
    }
  };
  const remove = async () => {
    if (!window.confirm(t(`${S}.deleteForumConfirm`, { name: f.name }))) return;
    try {
      await deleteForum(slug, f.slug);
      toast.success(t(`${S}.forumDeleted`, { name: f.name }));
      onChanged();
    } catch (err) {
      fail(err);
    }
  };
  return (
    <li>
      <strong>{f.name}</strong> <span class="muted">{t(`${C}.forum.topics`, { count: f.topicCount })}</span>
      <div class="button-row">
        <button type="button" class="secondary outline" disabled={first} aria-label={t(`${S}.moveUp`, { name: f.name })} onClick={() => onMove(-1)}>↑</button>
        <button type="button" class="secondary outline" disabled={last} aria-label={t(`${S}.moveDown`, { name: f.name })} onClick={() => onMove(1)}>↓</button>
        <button type="button" class="secondary outline" aria-expanded={edit} onClick={() => setEdit(!edit)}>{t(`${S}.editForum`)}</button>
        <button type="button" class="secondary outline" onClick={remove}>{t(`${S}.deleteForum`)}</button>
      </div>
      {edit && (
        <form onSubmit={save} noValidate class="comm-form">
          <div class="grid">
            {(['nameEn', 'nameMn', 'descriptionEn', 'descriptionMn'] as const).map((k) => (
              <TextField key={k} id={`${k}-${f.id}`} name={k} label={t(`${S}.field.${k}`)} value={v[k]} error={errors[k]}
                onInput={(e: TargetedEvent<HTMLInputElement>) => setV((x) => ({ ...x, [k]: (e.target as HTMLInputElement).value }))} />
            ))}
          </div>
          <button type="submit">{t(`${S}.saveForum`)}</button>
        </form>
      )}
    </li>
  );
}

function Forums({ c, onChanged }: { c: CommunityDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ nameEn: '', nameMn: '', descriptionEn: '', descriptionMn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = async (e: Event) => {
    e.preventDefault();
    try {
      const f = await createForum(c.slug, v);
      toast.success(t(`${S}.forumAdded`, { name: f.name }));
      setV({ nameEn: '', nameMn: '', descriptionEn: '', descriptionMn: '' });
      setErrors({});
      onChanged();
    } catch (err) {
      const ae = err as ApiError;
      onApiError(ae);
      if (ae.errors) setErrors(ae.errors);
      else toast.error(ae.message);
    }
  };
  const move = async (i: number, d: -1 | 1) => {
    const ids = c.forums.map((f) => f.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    try {
      await reorderForums(c.slug, ids);
      onChanged();
    } catch (err) {
      fail(err);
    }
  };
  return (
    <Section id="forums" title={t(`${S}.forums`)}>
      {!c.forums.length && <p class="muted">{t(`${C}.community.noForums`)}</p>}
      <ol class="comm-forum-list">
        {c.forums.map((f, i, all) => (
          <ForumRow key={f.id} slug={c.slug} f={f} first={i === 0} last={i === all.length - 1} onMove={(d) => move(i, d)} onChanged={onChanged} />
        ))}
      </ol>
      <form onSubmit={add} noValidate class="comm-form">
        <h3>{t(`${S}.addForum`)}</h3>
        <div class="grid">
          {(['nameEn', 'nameMn', 'descriptionEn', 'descriptionMn'] as const).map((k) => (
            <TextField key={k} id={`new-${k}`} name={k} label={t(`${S}.field.${k}`)} value={v[k]} error={errors[k]}
              onInput={(e: TargetedEvent<HTMLInputElement>) => setV((x) => ({ ...x, [k]: (e.target as HTMLInputElement).value }))} />
          ))}
        </div>
        <button type="submit">{t(`${S}.addForumSubmit`)}</button>
      </form>
    </Section>
  );
}

function Settings({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { data: c, error, reload } = useResource<CommunityDetail>(`/communities/${encodeURIComponent(slug)}`);
  if (error) return <Alert variant="error">{error}</Alert>;
  if (!c) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  if (!c.can.admin && c.status !== 'requested') return <Alert variant="info">{t(`${S}.notAdmin`)}</Alert>;
  const save = async (body: CommunityRequest) => {
    await updateCommunity(slug, body);
    toast.success(t(`${S}.saved`));
    await reload();
  };
  return (
    <>
      <p class="muted">
        <Link href="/dashboard/communities">{t(`${S}.back`)}</Link>
        {c.status === 'active' && (
          <>
            {' · '}
            <Link href={`/forums/${c.slug}`}>{t(`${S}.view`)}</Link>
          </>
        )}
      </p>
      <h2 class="comm-name">{c.name}</h2>
      {c.status !== 'active' && <Alert variant="info">{t(`${S}.statusNote.${c.status}`, { reason: c.reason })}</Alert>}
      {c.status === 'active' && <Members slug={slug} />}
      {c.status === 'active' && <Forums c={c} onChanged={reload} />}
      {c.status === 'active' && <CommunityEvents slug={c.slug} canCreate={c.can.moderate} />}
      <Section id="settings" title={t(`${S}.settings`)}>
        <CommunityForm key={c.slug} initial={valuesOf(c)} autoHide submitLabel={t(`${S}.save`)} onSubmit={save} />
      </Section>
    </>
  );
}

export function CommunitySettingsPage() {
  const [, params] = useRoute<{ slug: string }>('/dashboard/communities/:slug');
  const slug = params ? decodeURIComponent(params.slug) : '';
  return <DashboardShell page="communities" titleKey={`${S}.title`}>{() => (slug ? <Settings slug={slug} /> : null)}</DashboardShell>;
}

// The routes' names for the pages (app/routes.tsx).
export { CommunitySettingsPage as manage, MyCommunitiesPage as mine };
