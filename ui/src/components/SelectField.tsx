import type { TargetedEvent } from 'preact';

export interface Option {
  value: string;
  label: string;
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
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} aria-invalid={error ? 'true' : undefined} aria-describedby={errorId} {...rest}>
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
      {error && (
        <small id={errorId} class="field__error">
          {error}
        </small>
      )}
    </div>
  );
}
