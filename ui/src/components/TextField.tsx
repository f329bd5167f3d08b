import type { TargetedEvent } from 'preact';

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

/** A date input: the browser's own picker, labelled like every other field. */
export function DateField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="date" />;
}
