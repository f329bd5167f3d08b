// The one form hook of the account, admin and small public forms: values never lost, the
// server's field errors beside their fields, focus on the first. The multi-section public
// forms (features/forms) keep their own engine for drafts and sections, on the same
// FieldErrors, focus rule and lib/validate.
import type { ComponentChildren, TargetedEvent } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert';
import type { ApiError } from './api';
import { onApiError } from './session';

export type FieldErrors = Record<string, string>;

/** A form's values: each field a string or a boolean (literal initial values widened). */
export type FormValues<I> = { [K in keyof I]: I[K] extends boolean ? boolean : string };

/** The first field marked invalid, in the order of the form: its input when the mark is on a wrapper. */
export function firstInvalid(root: ParentNode | null): HTMLElement | null {
  const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!el) return null;
  return el.matches('input, select, textarea') ? el : el.querySelector<HTMLElement>('input, select, textarea') ?? el;
}

/** Moves focus to the first field marked invalid, in the order of the form. */
export function focusFirstInvalid(root: ParentNode | null): void {
  firstInvalid(root)?.focus();
}

/** The names of the fields a form shows (so messages for others go to the form's alert). */
const fieldNames = (form: HTMLFormElement | null): Set<string> =>
  new Set(form ? [...form.elements].map((e) => (e as HTMLInputElement).name).filter(Boolean) : []);

/**
 * State of one form: its values (never cleared on an error), the message of each field, the
 * form's own message, and whether it is being sent. `fail` shows messages and moves focus to
 * the first invalid field once the page has them.
 */
export function useForm<I extends Record<string, string | boolean>>(initial: I) {
  type T = FormValues<I>;
  const [values, setValues] = useState<T>(initial as T);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formEl = useRef<HTMLFormElement | null>(null);
  // `attach` is a callback ref for the <form>. Take it out of the object first
  // (`const { attach } = form; <form ref={attach}>`): whatever object a value passed to `ref`
  // comes from is taken for a ref by the React Compiler's rules, and every read of the form's
  // values during render would then look like a read of a ref (react-hooks/refs).
  const attach = useCallback((el: HTMLFormElement | null) => {
    formEl.current = el;
  }, []);

  useEffect(() => {
    if (attempt) focusFirstInvalid(formEl.current);
  }, [attempt]);

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
  };

  const fail = (fields: FieldErrors, text = '') => {
    const shown = fieldNames(formEl.current);
    const others = Object.entries(fields).filter(([k]) => formEl.current && !shown.has(k));
    setErrors(fields);
    setMessage([text, ...others.map(([, m]) => m)].filter(Boolean).join(' '));
    setAttempt((n) => n + 1);
  };

  /** Shows an API failure: per-field messages beside the fields, anything else above them. */
  const failWith = (err: ApiError) => {
    onApiError(err);
    if (err?.errors && Object.keys(err.errors).length) fail(err.errors);
    else fail({}, err?.message ?? '');
  };

  const reset = () => {
    setErrors({});
    setMessage('');
  };

  /** Props for a TextField bound to `name`. */
  const text = (name: keyof T & string) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onInput: (e: TargetedEvent<HTMLInputElement>) => set(name, e.currentTarget.value as T[typeof name]),
  });

  /** Props for a SelectField bound to `name`. */
  const select = (name: keyof T & string) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onChange: (e: TargetedEvent<HTMLSelectElement>) => set(name, e.currentTarget.value as T[typeof name]),
  });

  /** Wraps a submit handler: no page load, busy while it runs, messages cleared first. */
  const submit = (fn: () => Promise<void> | void) => async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    reset();
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, message, busy, attach, fail, failWith, reset, text, select, submit, setMessage };
}

/** The form's own message (not tied to one field), announced when it appears. */
export function FormMessage({ message, variant = 'error' }: { message: string; variant?: 'error' | 'success' | 'info' }) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} class="form-message">
      {message && <Alert variant={variant}>{message}</Alert>}
    </div>
  );
}

/** "Sending…" while busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ComponentChildren }) {
  const { t } = useTranslation();
  return (
    <button type="submit" aria-busy={busy ? 'true' : undefined} aria-disabled={busy ? 'true' : undefined}>
      {busy ? t('ui.sending') : children}
    </button>
  );
}
