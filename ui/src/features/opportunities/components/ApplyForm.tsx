// The application form: the posting's screening questions (required ones marked), a cover
// letter and the documents it asks for — each uploaded, or chosen from the applicant's own
// files (My files: a native select, loaded when asked for). The server's field messages
// (answers.0, coverLetter, cv …) go beside their fields, focus to the first; nothing typed is
// lost on an error.
import type { TargetedEvent } from 'preact';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ApiError } from '../../../lib/api';
import { FormMessage, SubmitButton, useForm } from '../../../lib/form';
import { Alert } from '../../../ui/Alert';
import type { Option } from '../../../ui/fields/field';
import { apply, myApplicationFiles, type DocumentKind } from '../api';
import type { Detail, MyApplication, MyFileChoice } from '../types';
import { label } from './format';

const A = 'opportunities.apply';
const MAX_COVER = 8000;
/** What the server takes (app/platform/files Documents): PDF, Word, scans. */
const ACCEPT = '.pdf,.doc,.docx,.png,.jpg,.jpeg,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/png,image/jpeg';
const MAX_MB = 10;

// The field shell's markup (ui/fields/field.tsx: error, then hint, tied with aria-describedby),
// written here rather than imported: importing it alone would split it from lib/dates into
// one more chunk on every dashboard page, over the first-load budget.
const describedBy = (id: string, hint?: string, error?: string) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

function Messages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {error && (
        <small id={`${id}-error`} class="field__error">
          {error}
        </small>
      )}
      {hint && (
        <small id={`${id}-hint`} class="form-hint">
          {hint}
        </small>
      )}
    </>
  );
}

/** The marker of a required field (the form's note says what it means). */
const Req = () => (
  <span class="form-req" aria-hidden="true">
    *
  </span>
);

/** A label's text, and for a required field the marker (and for groups, whose inputs cannot say it, the word). */
function LabelText({ text, required, spoken }: { text: string; required?: boolean; spoken?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {text}
      {required && (
        <>
          {' '}
          <Req />
          {spoken && <span class="visually-hidden">{` (${t(`${A}.requiredWord`)})`}</span>}
        </>
      )}
    </>
  );
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  value: string;
  onValue: (v: string) => void;
}

/** A textarea on the field shell (label, error then hint, aria-describedby). */
function LongText({ id, name, label: text, required, hint, error, value, onValue, rows }: FieldProps & { rows: number }) {
  return (
    <div class="field">
      <label for={id}>
        <LabelText text={text} required={required} />
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        aria-required={required ? 'true' : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** One answer out of a few, as radio buttons under the question. */
function Choice({ id, name, label: text, required, error, value, onValue, options }: FieldProps & { options: Option[] }) {
  return (
    <fieldset id={id} class="form-group">
      <legend>
        <LabelText text={text} required={required} spoken />
      </legend>
      {options.map((o) => (
        <label key={o.value} for={`${id}-${o.value}`}>
          <input
            id={`${id}-${o.value}`}
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={describedBy(id, undefined, error)}
            onChange={() => onValue(o.value)}
          />
          {o.label}
        </label>
      ))}
      <Messages id={id} error={error} />
    </fieldset>
  );
}

/** The applicant's files an application takes: not asked for yet, on its way, failed, or here. */
interface MyFiles {
  state: 'idle' | 'loading' | 'failed' | 'ready';
  items: MyFileChoice[];
  next: string;
}

interface DocumentProps {
  kind: DocumentKind;
  error?: string;
  chosen: string;
  mine: MyFiles;
  onFile: (e: TargetedEvent<HTMLInputElement>) => void;
  onChoose: (id: string) => void;
  onLoad: () => void;
}

/**
 * One document: a file input, and "Choose from My files", which opens a select of the
 * applicant's own files (loaded once for the form, older ones on demand) and moves the focus
 * to it. Both controls are described by the field's message and hint.
 */
function DocumentField({ kind, error, chosen, mine, onFile, onChoose, onLoad }: DocumentProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [focusPicker, setFocusPicker] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const id = `apply-${kind}`;
  const hint = t(`${A}.fileHint`, { mb: MAX_MB });
  const described = describedBy(id, hint, error);
  const name = label(t, 'documents', kind);

  useEffect(() => {
    if (focusPicker && mine.state === 'ready' && select.current) {
      select.current.focus();
      setFocusPicker(false);
    }
  }, [focusPicker, mine.state]);

  const openPicker = () => {
    setOpen(true);
    setFocusPicker(true);
    if (mine.state === 'idle' || mine.state === 'failed') onLoad();
  };

  return (
    <div class="field opp-doc">
      <label for={id}>
        {name} <Req />
      </label>
      <input
        id={id}
        type="file"
        name={kind}
        accept={ACCEPT}
        required
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        onChange={onFile}
      />
      {!open ? (
        <button type="button" class="secondary outline" onClick={openPicker}>
          {t(`${A}.fromMyFiles`)}
        </button>
      ) : mine.state === 'loading' || (mine.state === 'idle' && open) ? (
        <p aria-busy="true">{t(`${A}.myFilesLoading`)}</p>
      ) : mine.state === 'failed' ? (
        <p role="alert">
          {t(`${A}.myFilesFailed`)}{' '}
          <button type="button" class="secondary outline" onClick={onLoad}>
            {t(`${A}.retry`)}
          </button>
        </p>
      ) : mine.items.length === 0 ? (
        <p class="form-hint">
          {t(`${A}.myFilesEmpty`)} <Link href="/dashboard/file-manager">{t(`${A}.openMyFiles`)}</Link>
        </p>
      ) : (
        <>
          <label for={`${id}-mine`}>{t(`${A}.myFilesLabel`, { document: name })}</label>
          <select
            id={`${id}-mine`}
            name={`${kind}-mine`}
            ref={select}
            value={chosen}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={described}
            onChange={(e) => onChoose(e.currentTarget.value)}
          >
            <option value="">{t(`${A}.myFilesNone`)}</option>
            {mine.items.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.folder ? t(`${A}.inFolder`, { name: f.name, folder: f.folder }) : f.name}
              </option>
            ))}
          </select>
          {mine.next && (
            <button type="button" class="secondary outline" onClick={onLoad}>
              {t(`${A}.myFilesMore`)}
            </button>
          )}
        </>
      )}
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** The answer fields as the server names them: answers.<index>. */
const answerField = (index: number) => `answers.${index}`;

export function ApplyForm({ posting, onApplied }: { posting: Detail; onApplied: (a: MyApplication) => void }) {
  const { t } = useTranslation();
  const questions = posting.questions ?? [];
  const documents = (posting.documents ?? []) as DocumentKind[];
  const initial: Record<string, string> = { coverLetter: '' };
  for (const q of questions) initial[answerField(q.index)] = '';
  const form = useForm(initial);
  const { attach } = form;
  const [files, setFiles] = useState<Partial<Record<DocumentKind, File>>>({});
  const [chosen, setChosen] = useState<Partial<Record<DocumentKind, string>>>({});
  const [mine, setMine] = useState<MyFiles>({ state: 'idle', items: [], next: '' });
  const [idNeeded, setIdNeeded] = useState('');

  /** The first page of My files, or the next one after it. */
  const loadMine = () => {
    const after = mine.state === 'ready' ? mine.next : '';
    setMine((m) => ({ ...m, state: 'loading' }));
    myApplicationFiles(after).then(
      (page) => setMine((m) => ({ state: 'ready', items: after ? [...m.items, ...page.items] : page.items, next: page.next })),
      () => setMine((m) => ({ ...m, state: 'failed' })),
    );
  };

  const onSubmit = form.submit(async () => {
    setIdNeeded('');
    // What the browser can tell before sending: required answers and documents, sizes.
    const local: Record<string, string> = {};
    for (const q of questions) {
      if (q.required && !String(form.values[answerField(q.index)] ?? '').trim()) local[answerField(q.index)] = t(`${A}.required`);
    }
    if (form.values.coverLetter.length > MAX_COVER) local.coverLetter = t(`${A}.coverTooLong`, { max: MAX_COVER });
    for (const kind of documents) {
      const file = files[kind];
      if (file && chosen[kind]) local[kind] = t(`${A}.documentTwice`);
      else if (!file && !chosen[kind]) local[kind] = t(`${A}.fileRequired`);
      else if (file && file.size > MAX_MB * 1024 * 1024) local[kind] = t(`${A}.fileTooLarge`, { mb: MAX_MB });
    }
    if (Object.keys(local).length) {
      form.fail(local);
      return;
    }
    const answers = questions
      .map((q) => ({ index: q.index, value: String(form.values[answerField(q.index)] ?? '').trim() }))
      .filter((a) => a.value !== '');
    try {
      const kinds = documents;
      const sent = Object.fromEntries(kinds.filter((k) => files[k]).map((k) => [k, files[k]]));
      const myFiles = kinds.filter((k) => chosen[k]).map((k) => ({ kind: k, fileId: Number(chosen[k]) }));
      const body = { coverLetter: form.values.coverLetter, answers, ...(myFiles.length ? { myFiles } : {}) };
      onApplied(await apply(posting.slug, body, sent));
    } catch (e) {
      const err = e as ApiError;
      if (err.code === 'id_verification_required') {
        setIdNeeded(err.message);
        return;
      }
      form.failWith(err);
    }
  });

  const onFile = (kind: DocumentKind) => (e: TargetedEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    setFiles((f) => ({ ...f, [kind]: file }));
  };

  return (
    <form ref={attach} class="opp-apply" noValidate onSubmit={onSubmit} aria-labelledby="apply-title">
      <h3 id="apply-title">{t(`${A}.title`)}</h3>
      {questions.some((q) => q.required) || documents.length ? (
        <p class="form-note">
          {t(`${A}.requiredNote`)} <Req />
        </p>
      ) : null}
      {questions.map((q) => {
        const name = answerField(q.index);
        const id = `apply-q${q.index}`;
        const value = String(form.values[name] ?? '');
        const common = { id, name, label: q.text, required: q.required, error: form.errors[name] };
        if (q.type === 'text') {
          return <LongText key={name} {...common} rows={3} value={value} onValue={(v) => form.set(name, v)} />;
        }
        const options =
          q.type === 'yes_no'
            ? [
                { value: 'yes', label: t('opportunities.answers.yes') },
                { value: 'no', label: t('opportunities.answers.no') },
              ]
            : (q.choices ?? []).map((c, i) => ({ value: String(i), label: c }));
        return <Choice key={name} {...common} options={options} value={value} onValue={(v) => form.set(name, v)} />;
      })}
      <LongText
        id="apply-cover"
        name="coverLetter"
        label={t(`${A}.coverLetter`)}
        hint={t(`${A}.coverHint`, { max: MAX_COVER })}
        rows={8}
        value={form.values.coverLetter}
        error={form.errors.coverLetter}
        onValue={(v) => form.set('coverLetter', v)}
      />
      {documents.map((kind) => (
        <DocumentField
          key={kind}
          kind={kind}
          error={form.errors[kind]}
          chosen={chosen[kind] ?? ''}
          mine={mine}
          onFile={onFile(kind)}
          onChoose={(id) => setChosen((c) => ({ ...c, [kind]: id }))}
          onLoad={loadMine}
        />
      ))}
      {idNeeded && (
        <Alert variant="warning">
          <p>{idNeeded}</p>
          <p>
            <Link href="/dashboard/user/account">{t(`${A}.verifyLink`)}</Link>
          </p>
        </Alert>
      )}
      <FormMessage message={form.message} />
      <SubmitButton busy={form.busy}>{t(`${A}.submit`)}</SubmitButton>
    </form>
  );
}
