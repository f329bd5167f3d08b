// One submission in the forms desk (/dashboard/forms/{form}/{id}): every answer labelled in
// the page's language, the status with its history, internal notes, and deletion with a reason.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { Alert } from '../../../../ui/Alert';
import { Answers } from '../../components/Answers';
import { countryName } from '../../components/labels';
import { FORM_NAMES, type FormName, SCHEMAS } from '../../components/schemas';
import { Dialog } from '../../../../ui/Dialog';
import { type ApiError, del, get, post } from '../../../../lib/api';
import { lazyView, prepare } from '../../../../lib/lazy';
import { onApiError } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { formatDateTime } from '../../../../lib/formatTime';
import { DashboardShell, Section } from '../../../../ui/DashboardShell';
import { type Detail, type HistoryEvent, SENSITIVE } from './data';
import { adoptStyles } from '../../../../lib/styles';
import css from './desk.css?inline';

adoptStyles(css);

const D = 'forms.desk';

/** Nothing to load but strings (lib/lazy's prepare wants a view). */
const noView = lazyView('dashboard/forms/Submission', async () => () => null);

/** The labels of one form's fields (its catalog section), fetched when a submission of it is shown. */
function useFormLabels(form: FormName | undefined): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState<string>();
  useEffect(() => {
    if (!form) return;
    let live = true;
    const done = () => live && setReady(form);
    prepare({ view: noView, sections: [`forms.${form}`] }, i18n).then(done, done);
    return () => {
      live = false;
    };
  }, [form, i18n]);
  return !!form && ready === form;
}

function History({ events }: { events: HistoryEvent[] }) {
  const { t } = useTranslation();
  const status = (s?: string) => (s ? t(`${D}.statuses.${s}`, { defaultValue: s }) : '');
  return (
    <ol class="desk-history">
      {events.map((e) => (
        <li key={e.id}>
          <p>
            <strong>
              {e.kind === 'created'
                ? t(`${D}.history.created`)
                : e.kind === 'status'
                  ? t(`${D}.history.status`, { from: status(e.from), to: status(e.to) })
                  : t(`${D}.history.note`)}
            </strong>{' '}
            <span class="muted">
              {t(`${D}.history.byAt`, { who: e.actorName || t(`${D}.history.system`), when: formatDateTime(t, e.at) })}
            </span>
          </p>
          {e.note && <p class="desk-history__note">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}

/** A textarea with its label and message, for the desk's small forms. */
function NoteField({ id, label, value, onValue, error, required }: { id: string; label: string; value: string; onValue: (v: string) => void; error?: string; required?: boolean }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      {error && (
        <small id={`${id}-error`} class="field__error">
          {error}
        </small>
      )}
    </div>
  );
}

function StatusForm({ detail, onSaved }: { detail: Detail; onSaved: (d: Detail) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(detail.status);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const d = await post<Detail>(`/admin/submissions/${detail.id}/status`, { status, note: note.trim() });
      onSaved(d);
      setNote('');
      toast.success(t(`${D}.statusSaved`, { status: t(`${D}.statuses.${d.status}`, { defaultValue: d.status }) }));
    } catch (err) {
      const a = err as ApiError;
      onApiError(a);
      setError(a.errors?.note ?? a.errors?.status ?? a.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <div class="field">
        <label for="desk-status">{t(`${D}.status`)}</label>
        <select id="desk-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          {(detail.statuses?.length ? detail.statuses : [detail.status]).map((s) => (
            <option key={s} value={s} selected={s === status}>
              {t(`${D}.statuses.${s}`, { defaultValue: s })}
            </option>
          ))}
        </select>
      </div>
      <NoteField id="desk-status-note" label={t(`${D}.statusNote`)} value={note} onValue={setNote} error={error} />
      <button type="submit" aria-busy={busy ? 'true' : undefined}>
        {t(`${D}.saveStatus`)}
      </button>
    </form>
  );
}

function NoteForm({ detail, onSaved }: { detail: Detail; onSaved: (d: Detail) => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    if (!note.trim()) {
      setError(t('validation.required'));
      document.getElementById('desk-note')?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      onSaved(await post<Detail>(`/admin/submissions/${detail.id}/notes`, { note: note.trim() }));
      setNote('');
      toast.success(t(`${D}.noteSaved`));
    } catch (err) {
      const a = err as ApiError;
      onApiError(a);
      setError(a.errors?.note ?? a.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <NoteField id="desk-note" label={t(`${D}.note`)} value={note} onValue={setNote} error={error} required />
      <button type="submit" class="secondary" aria-busy={busy ? 'true' : undefined}>
        {t(`${D}.addNote`)}
      </button>
    </form>
  );
}

function DeleteSubmission({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    if (!reason.trim()) {
      setError(t('validation.required'));
      document.getElementById('desk-delete-reason')?.focus();
      return;
    }
    setBusy(true);
    try {
      await del(`/admin/submissions/${detail.id}`, { reason: reason.trim() });
      toast.success(t(`${D}.deleted`, { reference: detail.reference }));
      setOpen(false);
      navigate(`/dashboard/forms?form=${detail.form}`);
    } catch (err) {
      const a = err as ApiError;
      onApiError(a);
      setError(a.errors?.reason ?? a.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>{t(`${D}.deleteText`)}</p>
      <button type="button" class="secondary outline desk-danger" onClick={() => setOpen(true)}>
        {t(`${D}.delete`)}
      </button>
      <Dialog
        id="desk-delete"
        open={open}
        onClose={() => {
          setOpen(false);
          setError('');
        }}
        title={t(`${D}.deleteTitle`, { reference: detail.reference })}
        footer={
          <div class="button-row">
            <button type="button" onClick={confirm} aria-busy={busy ? 'true' : undefined}>
              {t(`${D}.deleteConfirm`)}
            </button>
            <button type="button" class="secondary" onClick={() => setOpen(false)}>
              {t(`${D}.cancel`)}
            </button>
          </div>
        }
      >
        <p>{t(`${D}.deleteWarning`)}</p>
        <NoteField id="desk-delete-reason" label={t(`${D}.deleteReason`)} value={reason} onValue={setReason} error={error} required />
      </Dialog>
    </>
  );
}

/** The submission's form as the server names it (a string in the API document), else the one in the URL. */
const formOf = (d: Detail, fallback: FormName): FormName =>
  (FORM_NAMES as readonly string[]).includes(d.form) ? (d.form as FormName) : fallback;

function SubmissionView({ form, id }: { form: FormName; id: string }) {
  const { t, i18n } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState('');
  const labelsReady = useFormLabels(detail ? formOf(detail, form) : undefined);
  // One view per submission (keyed by its id below), so a new id starts with nothing shown.
  useEffect(() => {
    get<Detail>(`/admin/submissions/${encodeURIComponent(id)}`).then(setDetail, (err: ApiError) => {
      onApiError(err);
      setError(err.status === 404 ? t(`${D}.notFound`) : err.message);
    });
  }, [id, t]);

  const back = (
    <p>
      <Link href={`/dashboard/forms?form=${detail?.form ?? form}`}>{t(`${D}.back`)}</Link>
    </p>
  );
  if (error) {
    return (
      <>
        {back}
        <Alert variant="error">{error}</Alert>
      </>
    );
  }
  if (!detail || !labelsReady) return <p aria-busy="true">{t('dashboard.loading')}</p>;
  const f = formOf(detail, form);
  const hidden = detail.sensitiveHidden ? SENSITIVE[f] ?? [] : [];
  const fields = Object.keys(SCHEMAS[f].fields);
  const shown = fields.filter((k) => !hidden.includes(k));
  return (
    <>
      {back}
      <Section id="desk-summary" title={t(`${D}.detailTitle`, { reference: detail.reference })}>
        <dl class="facts">
          <dt>{t(`${D}.form`)}</dt>
          <dd>{t(`forms.names.${f}`)}</dd>
          <dt>{t(`${D}.columns.status`)}</dt>
          <dd>{t(`${D}.statuses.${detail.status}`, { defaultValue: detail.status })}</dd>
          <dt>{t(`${D}.columns.name`)}</dt>
          <dd>{detail.name}</dd>
          <dt>{t(`${D}.columns.email`)}</dt>
          <dd>{detail.email}</dd>
          {detail.country && (
            <>
              <dt>{t(`${D}.columns.country`)}</dt>
              <dd>{countryName(i18n, detail.country)}</dd>
            </>
          )}
          <dt>{t(`${D}.columns.lang`)}</dt>
          <dd>{t(`forms.ui.languages.${detail.lang === 'mn' ? 'mn' : 'en'}`)}</dd>
          <dt>{t(`${D}.columns.received`)}</dt>
          <dd>{formatDateTime(t, detail.createdAt)}</dd>
          <dt>{t(`${D}.updated`)}</dt>
          <dd>{formatDateTime(t, detail.updatedAt)}</dd>
        </dl>
      </Section>
      <Section id="desk-answers" title={t(`${D}.answers`)}>
        {hidden.length > 0 && <Alert variant="info">{t(`${D}.sensitiveHidden`)}</Alert>}
        <Answers id="desk-answers" form={f} answers={detail.answers ?? {}} fields={shown} skipEmpty={['traitsOther', 'availability', 'howHeardOther']} />
        {hidden.length > 0 && (
          <dl class="form-answers">
            {hidden.map((k) => (
              <div key={k} class="form-answers__item">
                <dt>{t(`forms.${f}.fields.${k}.label`)}</dt>
                <dd class="muted">{t(`${D}.hiddenField`)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
      <Section id="desk-status-section" title={t(`${D}.statusTitle`)}>
        <StatusForm detail={detail} onSaved={setDetail} />
      </Section>
      <Section id="desk-history-section" title={t(`${D}.historyTitle`)}>
        <History events={detail.history ?? []} />
        <NoteForm detail={detail} onSaved={setDetail} />
      </Section>
      <Section id="desk-delete-section" title={t(`${D}.deleteHeading`)}>
        <DeleteSubmission detail={detail} />
      </Section>
    </>
  );
}

export function FormsSubmission() {
  const [, params] = useRoute<{ form: string; id: string }>('/dashboard/forms/:form/:id');
  const form = (FORM_NAMES as readonly string[]).includes(params?.form ?? '') ? (params!.form as FormName) : 'contact';
  return <DashboardShell page="submissions">{() => <SubmissionView key={params?.id} form={form} id={params?.id ?? ''} />}</DashboardShell>;
}
