// The design system's one field family (ui/fields/): native inputs with a visible label, a hint where a
// format is expected, and the message beside the field — both tied to it with
// aria-describedby (error first, then hint). Two ways to bind them, on one shell:
// - TextField, DateField, SelectField, CheckboxField (TextField.tsx) take DOM events (the account and admin
//   forms, with lib/form's useForm);
// - TextInput, SelectInput, RadioInputs, CheckInputs (inputs.tsx) take a value and `onValue` and mark
//   required fields (the public forms, with features/forms' engine).
// This file is their shell; each binding has its own file, so a page's chunk carries only
// the one it uses.

export interface Option {
  value: string;
  label: string;
}

/** The ids a field's control is described by: its error, then its hint. */
export const describedBy = (id: string, hint?: string, error?: string) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

/** A field's error and hint, under its control. */
export function Messages({ id, hint, error, hintClass }: { id: string; hint?: string; error?: string; hintClass?: string }) {
  return (
    <>
      {error && (
        <small id={`${id}-error`} class="field__error">
          {error}
        </small>
      )}
      {hint && (
        <small id={`${id}-hint`} class={hintClass}>
          {hint}
        </small>
      )}
    </>
  );
}

