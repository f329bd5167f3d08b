// The FAQ editor (administrators): every entry with its status, and a form with English and
// Mongolian side by side. The server checks everything (both languages before publishing) and
// its messages show beside the fields.
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
import { formatDate } from '../../../lib/formatTime';
import { useResource } from '../../../lib/resource';
import { DashboardShell, Section } from '../../../ui/DashboardShell';

const F = 'dashboard.faq';
const C = 'dashboard.content';

export interface AdminFaqCategory {
  id: string;
  name: Bilingual;
  position: number;
}

export interface AdminFaqEntry {
  id: number;
  slug: string;
  category: string;
  question: Bilingual;
  answer: Bilingual;
  published: boolean;
  position: number;
  updatedAt: string;
}

interface AdminFaqData {
  categories: AdminFaqCategory[];
  entries: AdminFaqEntry[];
}

/** What the form edits: an entry, or a new one (id 0). */
const formOf = (e?: AdminFaqEntry, category = '') => ({
  slug: e?.slug ?? '',
  category: e?.category ?? category,
  questionEn: e?.question.en ?? '',
  questionMn: e?.question.mn ?? '',
  answerEn: e?.answer.en ?? '',
  answerMn: e?.answer.mn ?? '',
  published: e?.published ?? false,
  position: String(e?.position ?? 0),
});

function EntryForm({ entry, categories, onDone }: { entry?: AdminFaqEntry; categories: AdminFaqCategory[]; onDone: (changed: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm(formOf(entry, categories[0]?.id));
  const { attach } = form;
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const v = form.values;

  const onSubmit = form.submit(async () => {
    const body = { ...v, slug: v.slug.trim(), position: toInt(v.position) };
    try {
      if (entry) await put(`/admin/faq/${entry.id}`, body);
      else await post('/admin/faq', body);
      toast.success(t(`${C}.saved`));
      onDone(true);
    } catch (err) {
      form.failWith(err as ApiError);
    }
  });

  const remove = async () => {
    if (!entry) return;
    setDeleting(true);
    try {
      await del(`/admin/faq/${entry.id}`);
      toast.success(t(`${C}.deleted`));
      setAsking(false);
      onDone(true);
    } catch (err) {
      onApiError(err as ApiError);
      toast.error((err as ApiError).message);
    } finally {
      setDeleting(false);
    }
  };

  const title = entry ? t(`${F}.editHeading`) : t(`${F}.newHeading`);
  return (
    <EditorSection id="faq-editor" title={title}>
      <form ref={attach} noValidate onSubmit={onSubmit}>
        <FormMessage message={form.message} />
        <div class="content-editor__meta">
          <TextField id="faq-slug" label={t(`${C}.slug`)} hint={t(`${C}.slugHint`)} autoComplete="off" required {...form.text('slug')} />
          <SelectField
            id="faq-category"
            name="category"
            label={t(`${F}.category`)}
            placeholder={t(`${F}.chooseCategory`)}
            value={v.category}
            error={form.errors.category}
            options={categories.map((c) => ({ value: c.id, label: inLang(c.name, i18n.language) }))}
            onChange={(e) => form.set('category', e.currentTarget.value)}
          />
          <TextField id="faq-position" type="number" label={t(`${C}.position`)} hint={t(`${C}.positionHint`)} {...form.text('position')} />
        </div>
        <BilingualColumns
          en={
            <>
              <TextField id="faq-question-en" label={t(`${F}.question`)} autoComplete="off" maxLength={300} {...form.text('questionEn')} />
              <TextAreaField
                id="faq-answer-en"
                name="answerEn"
                lang="en"
                label={t(`${F}.answer`)}
                value={v.answerEn}
                error={form.errors.answerEn}
                onInput={(e) => form.set('answerEn', e.currentTarget.value)}
              />
            </>
          }
          mn={
            <>
              <TextField id="faq-question-mn" label={t(`${F}.question`)} autoComplete="off" maxLength={300} {...form.text('questionMn')} />
              <TextAreaField
                id="faq-answer-mn"
                name="answerMn"
                lang="mn"
                label={t(`${F}.answer`)}
                value={v.answerMn}
                error={form.errors.answerMn}
                onInput={(e) => form.set('answerMn', e.currentTarget.value)}
              />
            </>
          }
        />
        <PublishField id="faq-published" checked={v.published} error={form.errors.published} onChange={(x) => form.set('published', x)} />
        <div class="button-row">
          <SubmitButton busy={form.busy}>{t(`${C}.save`)}</SubmitButton>
          <Button variant="secondary" onClick={() => onDone(false)}>
            {t(`${C}.cancel`)}
          </Button>
          {entry && (
            <Button variant="outline" class="content-editor__delete" onClick={() => setAsking(true)}>
              {t(`${C}.delete`)}
            </Button>
          )}
        </div>
      </form>
      {entry && (
        <ConfirmDelete
          open={asking}
          name={inLang(entry.question, i18n.language) || entry.slug}
          busy={deleting}
          onConfirm={remove}
          onClose={() => setAsking(false)}
        />
      )}
    </EditorSection>
  );
}

function FaqEditor() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, reload: load } = useResource<AdminFaqData>('/admin/faq');
  const [editing, setEditing] = useState<AdminFaqEntry | 'new' | null>(null);

  if (error) return <FormMessage message={error} />;
  if (!data) return <p aria-busy="true">{t('dashboard.loading')}</p>;

  const done = (changed: boolean) => {
    setEditing(null);
    if (changed) load();
  };

  return (
    <>
      <p>{t(`${F}.description`)}</p>
      <p class="button-row">
        <Button onClick={() => setEditing('new')}>{t(`${F}.add`)}</Button>
        <Link href="/faq">{t(`${F}.view`)}</Link>
      </p>
      {editing && (
        <EntryForm key={editing === 'new' ? 'new' : editing.id} entry={editing === 'new' ? undefined : editing} categories={data.categories} onDone={done} />
      )}
      {data.entries.length === 0 && <EmptyState title={t(`${F}.empty`)}>{t(`${F}.description`)}</EmptyState>}
      {data.categories.map((c) => {
        const entries = data.entries.filter((e) => e.category === c.id);
        if (!entries.length) return null;
        return (
          <Section key={c.id} id={`faq-cat-${c.id}`} title={inLang(c.name, lang)}>
            <ul class="content-list">
              {entries.map((e) => (
                <li key={e.id}>
                  <div>
                    <strong>{inLang(e.question, lang) || e.slug}</strong>
                    <StatusBadge published={e.published} />
                    <br />
                    <small class="muted">
                      {e.slug} · {t(`${C}.updated`, { date: formatDate(t, e.updatedAt) })}
                    </small>
                  </div>
                  <Button variant="secondary" class="outline" onClick={() => setEditing(e)} aria-label={t(`${C}.editNamed`, { name: inLang(e.question, lang) || e.slug })}>
                    {t(`${C}.edit`)}
                  </Button>
                </li>
              ))}
            </ul>
          </Section>
        );
      })}
    </>
  );
}

export function AdminFaq() {
  return <DashboardShell page="faq">{() => <FaqEditor />}</DashboardShell>;
}
