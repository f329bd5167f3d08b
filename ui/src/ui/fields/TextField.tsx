// The fields bound to DOM events (see field.tsx).
import type { ComponentChildren, TargetedEvent } from 'preact';
import { useTranslation } from 'react-i18next';
import { normalizeDate } from '../../lib/dates';
import { describedBy, Messages, type Option } from './field';

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
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type={type as 'text' /* preact types inputs as a union keyed on a literal type */}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      <Messages id={id} hint={hint} error={error} />
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

export interface SelectFieldProps {
  id: string;
  name?: string;
  value?: string;
  required?: boolean;
  disabled?: boolean;
  onChange?: (event: TargetedEvent<HTMLSelectElement>) => void;
  label: string;
  options: Option[];
  /** The text of the empty first choice, shown until the user picks one. */
  placeholder?: string;
  error?: string;
}

export function SelectField({ id, label, options, placeholder, error, ...rest }: SelectFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(id, undefined, error)} {...rest}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} />
    </div>
  );
}

/** A checkbox with its label, message and aria wiring (the label may hold links). */
export function CheckboxField({
  id,
  name,
  checked,
  onChange,
  error,
  required,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          required={required}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(id, undefined, error)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        {children}
      </label>
      <Messages id={id} error={error} />
    </div>
  );
}

