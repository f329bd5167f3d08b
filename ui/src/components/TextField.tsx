import type { TargetedEvent } from 'preact';
import { useTranslation } from 'react-i18next';
import { normalizeDate } from '../lib/dates';

export interface TextFieldProps {
  id: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'search' | 'number' | 'date';
  name?: string;
  value?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  min?: string;
  max?: string;
  maxLength?: number;
  /** The on-screen keyboard to offer ("numeric" for codes). */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url' | 'search' | 'none';
  pattern?: string;
  onInput?: (event: TargetedEvent<HTMLInputElement>) => void;
  onBlur?: (event: TargetedEvent<HTMLInputElement, FocusEvent>) => void;
  label: string;
  /** A short help text under the field. */
  hint?: string;
  /** The field's error message (from the server or local validation); marks the field invalid. */
  error?: string;
}

/** A labelled input with its hint and error text tied to it through aria-describedby. */
export function TextField({ id, label, hint, error, type = 'text', ...rest }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type as 'text' /* preact types inputs as a union keyed on a literal type */}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy}
        {...rest}
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

/**
 * A date typed as YYYY-MM-DD (ЖЖЖЖ-СС-ӨӨ in Mongolian), with the format in the field and its
 * hint. Not the browser's date input: it shows the browser's own format (mm/dd/yyyy in most
 * English setups, whatever the page's language), which no hint can describe.
 */
export function DateField({ hint, min: _min, max: _max, onInput, onBlur, ...props }: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      maxLength={10}
      placeholder={t('ui.dateField.format')}
      hint={[t('ui.dateField.hint'), hint].filter(Boolean).join(' ')}
      onInput={(e) => {
        const el = e.currentTarget;
        const next = normalizeDate(el.value, false);
        if (next !== el.value) el.value = next;
        onInput?.(e);
      }}
      onBlur={(e) => {
        const el = e.currentTarget;
        const next = normalizeDate(el.value);
        if (next !== el.value) {
          el.value = next;
          onInput?.(e);
        }
        onBlur?.(e);
      }}
    />
  );
}
