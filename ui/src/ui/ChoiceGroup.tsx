import type { ComponentChildren } from 'preact';
import type { Option } from './fields/field';

interface GroupProps {
  name: string;
  legend: string;
  options: Option[];
  error?: string;
}

function Group({ name, legend, error, children }: Omit<GroupProps, 'options'> & { children: ComponentChildren }) {
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} aria-invalid={error ? 'true' : undefined}>
      <legend>{legend}</legend>
      {children}
      {error && (
        <small id={errorId} class="field__error">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/** Several independent choices under one legend. */
export function CheckboxGroup({
  value,
  onChange,
  ...group
}: GroupProps & { value: string[]; onChange: (value: string[]) => void }) {
  const toggle = (v: string, on: boolean) =>
    onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <Group {...group}>
      {group.options.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            name={group.name}
            value={o.value}
            checked={value.includes(o.value)}
            onChange={(e) => toggle(o.value, e.currentTarget.checked)}
          />
          {o.label}
        </label>
      ))}
    </Group>
  );
}

/** One choice out of several under one legend; arrow keys move between them natively. */
export function RadioGroup({
  value,
  onChange,
  ...group
}: GroupProps & { value: string; onChange: (value: string) => void }) {
  return (
    <Group {...group}>
      {group.options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={group.name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </Group>
  );
}
