// The universities editor (administrators): destinations and their universities with their
// status, and forms with English and Mongolian side by side. The server checks everything (both
// languages before publishing) and its messages show beside the fields.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField, TextField } from '../../../ui/fields/TextField';
import { type ApiError, del, post, put } from '../../../lib/api';
import { onApiError } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { FormMessage, SubmitButton, useForm } from '../../../lib/form';
import { type Bilingual, BilingualColumns, ConfirmDelete, EditorSection, inLang, PublishField, StatusBadge, TextAreaField, toInt } from '../components/AdminContent';
import { useResource } from '../../../lib/resource';
import { DashboardShell, Section } from '../../../ui/DashboardShell';

const U = 'dashboard.universities';
const C = 'dashboard.content';

export interface AdminUniversity {
  id: number;
  slug: string;
  destination: string;
  name: Bilingual;
  city: Bilingual;
  website: string;
  published: boolean;
  position: number;
}

export interface AdminDestination {
  id: string;
  name: Bilingual;
  summary: Bilingual;
  published: boolean;
  position: number;
  universities: AdminUniversity[] | null;
}

type Editing = { kind: 'destination'; item?: AdminDestination } | { kind: 'university'; item?: AdminUniversity; destination?: string };

/** Deletes after a confirmation; shared by both forms. */
function useDelete(path: string | undefined, onDone: (changed: boolean) => void) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!path) return;
    setBusy(true);
    try {
      await del(path);
      toast.success(t(`${C}.deleted`));
      setAsking(false);
      onDone(true);
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return { asking, setAsking, busy, run };
}

function Actions({ busy, canDelete, onCancel, onDelete }: { busy: boolean; canDelete: boolean; onCancel: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div class="button-row">
      <SubmitButton busy={busy}>{t(`${C}.save`)}</SubmitButton>
      <Button variant="secondary" onClick={onCancel}>
        {t(`${C}.cancel`)}
      </Button>
      {canDelete && (
        <Button variant="outline" class="content-editor__delete" onClick={onDelete}>
          {t(`${C}.delete`)}
        </Button>
      )}
    </div>
  );
}

function DestinationForm({ item, onDone }: { item?: AdminDestination; onDone: (changed: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    id: item?.id ?? '',
    nameEn: item?.name.en ?? '',
    nameMn: item?.name.mn ?? '',
    summaryEn: item?.summary.en ?? '',
    summaryMn: item?.summary.mn ?? '',
    published: item?.published ?? false,
    position: String(item?.position ?? 0),
  });
  const { attach } = form;
  const v = form.values;
  const remove = useDelete(item && `/admin/destinations/${encodeURIComponent(item.id)}`, onDone);

  const onSubmit = form.submit(async () => {
    const id = v.id.trim();
    // The destination's address is its id: the server checks it (the path must not be empty).
    if (!id) return form.fail({ id: t('validation.required') });
    try {
      await put(`/admin/destinations/${encodeURIComponent(id)}`, {
        nameEn: v.nameEn,
        nameMn: v.nameMn,
        summaryEn: v.summaryEn,
        summaryMn: v.summaryMn,
        published: v.published,
        position: toInt(v.position),
      });
      toast.success(t(`${C}.saved`));
      onDone(true);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  return (
    <EditorSection id="destination-editor" title={t(item ? `${U}.editDestination` : `${U}.newDestination`)}>
      <form ref={attach} noValidate onSubmit={onSubmit}>
        <FormMessage message={form.message} />
        <div class="content-editor__meta">
          <TextField
            id="destination-id"
            label={t(`${C}.slug`)}
            hint={t(`${C}.slugHint`)}
            autoComplete="off"
            required
            disabled={!!item}
            {...form.text('id')}
          />
          <TextField id="destination-position" type="number" label={t(`${C}.position`)} hint={t(`${C}.positionHint`)} {...form.text('position')} />
        </div>
        <BilingualColumns
          en={
            <>
              <TextField id="destination-name-en" label={t(`${U}.name`)} autoComplete="off" {...form.text('nameEn')} />
              <TextAreaField id="destination-summary-en" name="summaryEn" label={t(`${U}.summary`)} rows={3} value={v.summaryEn} error={form.errors.summaryEn} onInput={(e) => form.set('summaryEn', e.currentTarget.value)} />
            </>
          }
          mn={
            <>
              <TextField id="destination-name-mn" label={t(`${U}.name`)} autoComplete="off" {...form.text('nameMn')} />
              <TextAreaField id="destination-summary-mn" name="summaryMn" label={t(`${U}.summary`)} rows={3} value={v.summaryMn} error={form.errors.summaryMn} onInput={(e) => form.set('summaryMn', e.currentTarget.value)} />
            </>
          }
        />
        <PublishField id="destination-published" checked={v.published} onChange={(x) => form.set('published', x)} />
        <Actions busy={form.busy} canDelete={!!item} onCancel={() => onDone(false)} onDelete={() => remove.setAsking(true)} />
      </form>
      {item && (
        <ConfirmDelete open={remove.asking} name={inLang(item.name, i18n.language) || item.id} busy={remove.busy} onConfirm={remove.run} onClose={() => remove.setAsking(false)} />
      )}
    </EditorSection>
  );
}

function UniversityForm({ item, destination, destinations, onDone }: { item?: AdminUniversity; destination?: string; destinations: AdminDestination[]; onDone: (changed: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    slug: item?.slug ?? '',
    destination: item?.destination ?? destination ?? destinations[0]?.id ?? '',
    nameEn: item?.name.en ?? '',
    nameMn: item?.name.mn ?? '',
    cityEn: item?.city.en ?? '',
    cityMn: item?.city.mn ?? '',
    website: item?.website ?? '',
    published: item?.published ?? false,
    position: String(item?.position ?? 0),
  });
  const { attach } = form;
  const v = form.values;
  const remove = useDelete(item && `/admin/universities/${item.id}`, onDone);

  const onSubmit = form.submit(async () => {
    const body = { ...v, slug: v.slug.trim(), website: v.website.trim(), position: toInt(v.position) };
    try {
      if (item) await put(`/admin/universities/${item.id}`, body);
      else await post('/admin/universities', body);
      toast.success(t(`${C}.saved`));
      onDone(true);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  return (
    <EditorSection id="university-editor" title={t(item ? `${U}.editUniversity` : `${U}.newUniversity`)}>
      <form ref={attach} noValidate onSubmit={onSubmit}>
        <FormMessage message={form.message} />
        <div class="content-editor__meta">
          <TextField id="university-slug" label={t(`${C}.slug`)} hint={t(`${C}.slugHint`)} autoComplete="off" required {...form.text('slug')} />
          <SelectField
            id="university-destination"
            name="destination"
            label={t(`${U}.destination`)}
            placeholder={t(`${U}.chooseDestination`)}
            value={v.destination}
            error={form.errors.destination}
            options={destinations.map((d) => ({ value: d.id, label: inLang(d.name, i18n.language) || d.id }))}
            onChange={(e) => form.set('destination', e.currentTarget.value)}
          />
          <TextField id="university-website" type="url" label={t(`${U}.website`)} hint={t(`${U}.websiteHint`)} autoComplete="off" {...form.text('website')} />
          <TextField id="university-position" type="number" label={t(`${C}.position`)} hint={t(`${C}.positionHint`)} {...form.text('position')} />
        </div>
        <BilingualColumns
          en={
            <>
              <TextField id="university-name-en" label={t(`${U}.name`)} autoComplete="off" {...form.text('nameEn')} />
              <TextField id="university-city-en" label={t(`${U}.city`)} autoComplete="off" {...form.text('cityEn')} />
            </>
          }
          mn={
            <>
              <TextField id="university-name-mn" label={t(`${U}.name`)} autoComplete="off" {...form.text('nameMn')} />
              <TextField id="university-city-mn" label={t(`${U}.city`)} autoComplete="off" {...form.text('cityMn')} />
            </>
          }
        />
        <PublishField id="university-published" checked={v.published} onChange={(x) => form.set('published', x)} />
        <Actions busy={form.busy} canDelete={!!item} onCancel={() => onDone(false)} onDelete={() => remove.setAsking(true)} />
      </form>
      {item && (
        <ConfirmDelete open={remove.asking} name={inLang(item.name, i18n.language) || item.slug} busy={remove.busy} onConfirm={remove.run} onClose={() => remove.setAsking(false)} />
      )}
    </EditorSection>
  );
}

function UniversitiesEditor() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data: loaded, error, reload: load } = useResource<{ destinations: AdminDestination[] }>('/admin/universities');
  const data = loaded?.destinations ?? null;
  const [editing, setEditing] = useState<Editing | null>(null);

  if (error) return <FormMessage message={error} />;
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;

  const done = (changed: boolean) => {
    setEditing(null);
    if (changed) load();
  };
  const editKey = editing ? `${editing.kind}-${editing.item?.id ?? 'new'}-${editing.kind === 'university' ? (editing.destination ?? '') : ''}` : '';

  return (
    <>
      <p>{t(`${U}.description`)}</p>
      <p class="button-row">
        <Button onClick={() => setEditing({ kind: 'destination' })}>{t(`${U}.addDestination`)}</Button>
        {data.length > 0 && (
          <Button variant="secondary" onClick={() => setEditing({ kind: 'university' })}>
            {t(`${U}.addUniversity`)}
          </Button>
        )}
        <Link href="/universities">{t(`${U}.view`)}</Link>
      </p>
      {editing?.kind === 'destination' && <DestinationForm key={editKey} item={editing.item} onDone={done} />}
      {editing?.kind === 'university' && (
        <UniversityForm key={editKey} item={editing.item} destination={editing.destination} destinations={data} onDone={done} />
      )}
      {data.length === 0 && <EmptyState title={t(`${U}.empty`)}>{t(`${U}.description`)}</EmptyState>}
      {data.map((d) => {
        const name = inLang(d.name, lang) || d.id;
        const universities = d.universities ?? [];
        return (
          <Section key={d.id} id={`destination-${d.id}`} title={name}>
            <p class="content-list__head">
              <StatusBadge published={d.published} />
              <small class="muted"> {d.id}</small>
              <Button variant="secondary" class="outline" onClick={() => setEditing({ kind: 'destination', item: d })} aria-label={t(`${C}.editNamed`, { name })}>
                {t(`${C}.edit`)}
              </Button>
              <Button variant="secondary" class="outline" onClick={() => setEditing({ kind: 'university', destination: d.id })} aria-label={t(`${U}.addUniversityTo`, { name })}>
                {t(`${U}.addUniversity`)}
              </Button>
            </p>
            {universities.length === 0 ? (
              <p class="muted">{t(`${U}.noUniversities`)}</p>
            ) : (
              <ul class="content-list">
                {universities.map((u) => (
                  <li key={u.id}>
                    <div>
                      <strong>{inLang(u.name, lang) || u.slug}</strong>
                      <StatusBadge published={u.published} />
                      <br />
                      <small class="muted">
                        {[inLang(u.city, lang), u.website, u.slug].filter(Boolean).join(' · ')}
                      </small>
                    </div>
                    <Button
                      variant="secondary"
                      class="outline"
                      onClick={() => setEditing({ kind: 'university', item: u })}
                      aria-label={t(`${C}.editNamed`, { name: inLang(u.name, lang) || u.slug })}
                    >
                      {t(`${C}.edit`)}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        );
      })}
    </>
  );
}

export function AdminUniversities() {
  return <DashboardShell page="universities">{() => <UniversitiesEditor />}</DashboardShell>;
}
