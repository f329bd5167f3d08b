// Pieces the FAQ and universities editors share: a text area field, the English and Mongolian
// columns, the published/draft badge, the publish checkbox and the delete confirmation.
import type { ComponentChildren, TargetedEvent } from 'preact';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { adoptStyles } from '../../../lib/styles';
import css from './editor.css?inline';

adoptStyles(css);

const C = 'dashboard.content';

/** Text in both languages, as the admin API returns it. */
export interface Bilingual {
  en: string;
  mn: string;
}

/** The text in the page's language, else in the other one (a draft may have one side only). */
export const inLang = (text: Bilingual, lang: string): string =>
  (lang === 'mn' ? text.mn || text.en : text.en || text.mn) || '';

/** A labelled, multi-line text field with its error and hint tied to it. */
export function TextAreaField({
  id,
  name,
  label,
  value,
  error,
  hint,
  lang,
  rows = 5,
  onInput,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  lang?: string;
  rows?: number;
  onInput: (event: TargetedEvent<HTMLTextAreaElement>) => void;
}) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        lang={lang}
        rows={rows}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        onInput={onInput}
      />
      {error && (
        <small id={errorId} class="field__error">
          {error}
        </small>
      )}
      {hint && <small id={hintId}>{hint}</small>}
    </div>
  );
}

/** The English and Mongolian fields side by side (stacked on narrow screens). */
export function BilingualColumns({ en, mn }: { en: ComponentChildren; mn: ComponentChildren }) {
  const { t } = useTranslation();
  return (
    <div class="bilingual">
      <fieldset lang="en">
        <legend>{t(`${C}.english`)}</legend>
        {en}
      </fieldset>
      <fieldset lang="mn">
        <legend>{t(`${C}.mongolian`)}</legend>
        {mn}
      </fieldset>
    </div>
  );
}

export function StatusBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return <span class={`badge${published ? ' badge--ok' : ''}`}>{t(published ? `${C}.published` : `${C}.draft`)}</span>;
}

/** The publish checkbox, with the rule it brings. */
export function PublishField({ id, checked, onChange, error }: { id: string; checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  const { t } = useTranslation();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div class="field">
      <label for={id}>
        <input
          id={id}
          name="published"
          type="checkbox"
          checked={checked}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        {t(`${C}.publish`)}
      </label>
      {error && (
        <small id={errorId} class="field__error">
          {error}
        </small>
      )}
      <small id={`${id}-hint`}>{t(`${C}.publishHint`)}</small>
    </div>
  );
}

/** "Delete …?" with the reason to think twice; `onConfirm` does the deleting. */
export function ConfirmDelete({ open, name, busy, onConfirm, onClose }: { open: boolean; name: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      id="confirm-delete"
      open={open}
      onClose={onClose}
      title={t(`${C}.confirmDelete`, { name })}
      footer={
        <div class="button-row">
          <Button variant="contrast" onClick={onConfirm} aria-busy={busy ? 'true' : undefined}>
            {t(`${C}.delete`)}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t(`${C}.cancel`)}
          </Button>
        </div>
      }
    >
      <p>{t(`${C}.confirmText`)}</p>
    </Dialog>
  );
}

/** An editor's frame: its heading gets focus when it opens, so keyboard users land in it. */
export function EditorSection({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [id]);
  return (
    <section class="dash-section content-editor" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A number field's value as the API wants it. */
export const toInt = (value: string): number => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : 0;
};
