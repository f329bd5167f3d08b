// The fields bound to a value and `onValue`, with the marker of required fields (see field.tsx).
import type { ComponentChildren } from 'preact';
import { useTranslation } from 'react-i18next';
import { normalizeDate } from '../../lib/dates';
import { describedBy, Messages, type Option } from './field';

interface Common {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
}

/** The visible marker of a required field; the form's note says what it means. */
export function RequiredMark() {
  return (
    <span class="form-req" aria-hidden="true">
      *
    </span>
  );
}

/** "Fields marked * are required." */
export function RequiredNote() {
  const { t } = useTranslation();
  return (
    <p class="form-note">
      {t('forms.ui.requiredNote')} <RequiredMark />
    </p>
  );
}

/** A label's text with the marker, and for groups (whose inputs cannot say it) the word. */
function LabelText({ label, required, spoken }: { label: string; required?: boolean; spoken?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {label}
      {required && (
        <>
          {' '}
          <RequiredMark />
          {spoken && <span class="visually-hidden">{` (${t('forms.ui.required')})`}</span>}
        </>
      )}
    </>
  );
}

export interface TextProps extends Common {
  value: string;
  onValue: (v: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'tel' | 'date' | 'search';
  autoComplete: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  min?: string;
  max?: string;
}

/**
 * A text input or textarea. A "date" is typed as YYYY-MM-DD (ЖЖЖЖ-СС-ӨӨ), with the format in
 * the field and its hint, like DateField: the browser's date input would show its own format.
 */
export function TextInput({ id, name, label, required, hint: givenHint, error, value, onValue, onBlur: givenBlur, type = 'text', autoComplete, inputMode, rows, min, max }: TextProps) {
  const { t } = useTranslation();
  const date = type === 'date';
  const hint = date ? [t('ui.dateField.hint'), givenHint].filter(Boolean).join(' ') : givenHint;
  const onBlur = date
    ? () => {
        const next = normalizeDate(value);
        if (next !== value) onValue(next);
        givenBlur?.();
      }
    : givenBlur;
  const common = {
    id,
    name,
    value,
    required,
    autoComplete,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onBlur,
  };
  return (
    <div class="field">
      <label for={id}>
        <LabelText label={label} required={required} />
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onInput={(e) => onValue(e.currentTarget.value)} />
      ) : (
        <input
          // Its own element: preact would otherwise carry maxLength and placeholder over (as 0
          // and "") when the next section puts a text field where the date was.
          key={date ? 'date' : 'text'}
          {...common}
          {...(date
            ? { type: 'text', inputMode: 'numeric' as const, maxLength: 10, placeholder: t('ui.dateField.format') }
            : { type: type as 'text' /* preact types inputs as a union keyed on a literal type */, inputMode, min, max })}
          onInput={(e) => onValue(date ? normalizeDate(e.currentTarget.value, false) : e.currentTarget.value)}
        />
      )}
      <Messages id={id} hint={hint} error={error} hintClass="form-hint" />
    </div>
  );
}

export interface SelectProps extends Common {
  value: string;
  onValue: (v: string) => void;
  onBlur?: () => void;
  options: Option[];
  placeholder: string;
  autoComplete: string;
}

export function SelectInput({ id, name, label, required, hint, error, value, onValue, onBlur, options, placeholder, autoComplete }: SelectProps) {
  return (
    <div class="field">
      <label for={id}>
        <LabelText label={label} required={required} />
      </label>
      <select
        id={id}
        name={name}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onValue(e.currentTarget.value)}
        onBlur={onBlur}
        value={value}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} hint={hint} error={error} hintClass="form-hint" />
    </div>
  );
}

interface GroupProps extends Common {
  options: Option[];
  children?: ComponentChildren;
}

function Group({ id, label, required, hint, error, children }: Omit<GroupProps, 'options' | 'name'>) {
  return (
    <fieldset id={id} class="form-group">
      <legend>
        <LabelText label={label} required={required} spoken />
      </legend>
      {children}
      <Messages id={id} hint={hint} error={error} hintClass="form-hint" />
    </fieldset>
  );
}

/** One choice out of a few, as radio buttons. */
export function RadioInputs({ value, onValue, ...g }: GroupProps & { value: string; onValue: (v: string) => void; onBlur?: () => void }) {
  return (
    <Group {...g}>
      {g.options.map((o) => (
        <label key={o.value} for={`${g.id}-${o.value}`}>
          <input
            id={`${g.id}-${o.value}`}
            type="radio"
            name={g.name}
            value={o.value}
            checked={value === o.value}
            required={g.required}
            aria-invalid={g.error ? 'true' : undefined}
            aria-describedby={describedBy(g.id, g.hint, g.error)}
            onChange={() => onValue(o.value)}
          />
          {o.label}
        </label>
      ))}
    </Group>
  );
}

/** Several independent choices, as checkboxes. */
export function CheckInputs({ value, onValue, ...g }: GroupProps & { value: string[]; onValue: (v: string[]) => void }) {
  const toggle = (v: string, on: boolean) => onValue(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <Group {...g}>
      {g.options.map((o) => (
        <label key={o.value} for={`${g.id}-${o.value}`}>
          <input
            id={`${g.id}-${o.value}`}
            type="checkbox"
            name={g.name}
            value={o.value}
            checked={value.includes(o.value)}
            aria-invalid={g.error ? 'true' : undefined}
            aria-describedby={describedBy(g.id, g.hint, g.error)}
            onChange={(e) => toggle(o.value, e.currentTarget.checked)}
          />
          {o.label}
        </label>
      ))}
    </Group>
  );
}

/**
 * The honeypot: an input people never see or reach (off screen, hidden from assistive
 * technology, out of the tab order) that must stay empty; bots that fill every field give
 * themselves away.
 */
export function Honeypot({ id, value, onValue }: { id: string; value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <div class="form-hp" aria-hidden="true">
      <label for={id}>{t('forms.ui.honeypot')}</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onInput={(e) => onValue(e.currentTarget.value)} />
    </div>
  );
}
