// The four public forms' fields, generated from their one declaration in Go
// (app/forms/schema.go → ui/src/generated/forms.json, kept equal by the Go test
// TestUISchemaIsGenerated): the page renders and checks answers at once with it, the server's
// own schema (GET /api/forms/{form}/schema) replaces it when it arrives, and the server has
// the last word.
import generated from '../../../generated/forms.json';

export type FormName = 'contact' | 'support' | 'volunteer' | 'roadmap';
export const FORM_NAMES = generated.formNames as readonly FormName[];

export type FieldKind = 'text' | 'email' | 'phone' | 'date' | 'choice' | 'choices' | 'gpa' | 'contacts' | 'country';

export interface FieldSpec {
  required?: boolean;
  /** Characters (text), rows (contacts); 0 or missing: the server's default for long text. */
  max?: number;
  kind: FieldKind;
  options?: string[];
  /** Choices to pick (choices), rows (contacts) or years of age (date). */
  min?: number;
  /** Sealed at rest; shown only to staff allowed to see sensitive answers. */
  sensitive?: boolean;
}

export interface FormSchema {
  fields: Record<string, FieldSpec>;
  /** The fields in the order the form shows them. */
  order?: string[];
  gpaMax: number;
  maxContacts: number;
  minAge?: number;
  countries?: string[];
}

/** Limits no single field carries (app/forms/schema.go UILimits). */
export const LIMITS = {
  ...generated.limits,
  /** The platform's own minimum age (accounts, GET /api/auth/schema's minAge); the volunteer program asks more. */
  platformMinAge: 13,
} as const;

/** The desk's statuses (app/forms Statuses). */
export const STATUSES = generated.statuses as readonly string[];

/** A schema with its fields in the form's order (JSON objects from Go come sorted by name). */
function ordered(s: FormSchema): FormSchema {
  const fields: Record<string, FieldSpec> = {};
  for (const name of s.order ?? Object.keys(s.fields)) fields[name] = s.fields[name];
  return { ...s, fields };
}

export const SCHEMAS = Object.fromEntries(
  FORM_NAMES.map((f) => [f, ordered(generated.forms[f] as FormSchema)]),
) as Record<FormName, FormSchema>;

/** The server's schema with anything it leaves out taken from the copy above. */
export function mergeSchema(form: FormName, server: Partial<FormSchema> | undefined): FormSchema {
  const local = SCHEMAS[form];
  if (!server?.fields) return local;
  return ordered({ ...local, ...server, fields: { ...local.fields, ...server.fields } } as FormSchema);
}
