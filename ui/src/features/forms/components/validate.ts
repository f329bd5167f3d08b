// The client's copy of the forms' rules (app/forms/forms.go, schema.go and web.Checker), built
// on lib/validate's checks, for messages as the person types and before a section is left. The server checks everything
// again and its answer wins. Messages are catalog keys with arguments, the same keys the
// server uses, so both speak with one voice.
import { looksLikeEmail } from '../../../lib/email';
import { checkBirth as checkBirthOf, checkEmail, checkText, type Problem, type Problems, problem } from '../../../lib/validate';
import { type FieldSpec, type FormName, type FormSchema, LIMITS } from './schemas';
import { type ContactRow, list, rows, str, type Values } from './values';

export type { Problem, Problems };
export { checkEmail, checkText, looksLikeEmail };

const p = problem;

/**
 * The shape of a phone number as the server reads it: digits with spaces, dashes, dots or
 * brackets; 8 digits for a Mongolian number, or "+", the country code and the number (7 to 15
 * digits in all). Whether the number exists is the server's call (libphonenumber).
 */
export function phoneShape(v: string): boolean {
  const s = v.trim();
  if (s.length > LIMITS.phone || !/^\+?[0-9 ().-]+$/.test(s)) return false;
  const digits = s.replace(/\D/g, '').length;
  return s.startsWith('+') ? digits >= 7 && digits <= 15 : digits === 8;
}

export function checkPhone(v: string, required: boolean): Problem | undefined {
  if (!v.trim()) return required ? p('validation.required') : undefined;
  return phoneShape(v) ? undefined : p('forms.errors.phone');
}

export { age } from '../../../lib/dates';

/** check.birth: a real date, not in the future, at most 100 years ago, at least minAge. */
export const checkBirth = (v: string, required: boolean, minAge: number, now: Date): Problem | undefined =>
  checkBirthOf(v.trim(), required, { minAge, maxAge: LIMITS.maxAge, tooYoung: 'forms.errors.minAge' }, now);

/** check.gpa: empty, or 0 to gpaMax with at most two decimals ("3.5", "3,75"). */
export function checkGpa(v: string, gpaMax: number): Problem | undefined {
  const s = v.trim().replace(/,/g, '.');
  if (!s) return undefined;
  const ok = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(s) && Number(s) >= 0 && Number(s) <= gpaMax;
  return ok ? undefined : p('forms.errors.gpa', { max: gpaMax.toFixed(1) });
}

export function checkChoice(v: string, f: FieldSpec, options = f.options ?? []): Problem | undefined {
  if (!v) return f.required ? p('validation.required') : undefined;
  return options.includes(v) ? undefined : p('validation.choice');
}

export function checkChoices(vs: string[], f: FieldSpec): Problem | undefined {
  if (vs.some((v) => !(f.options ?? []).includes(v))) return p('validation.choice');
  if (new Set(vs).size < (f.min ?? 0)) return p('forms.errors.chooseOne');
  return undefined;
}

/** check.contacts: between min and max rows; each with a name, relationship and phone; email optional. */
export function checkContacts(group: string, list: ContactRow[], f: FieldSpec, maxContacts: number): Problems {
  const out: Problems = {};
  if (list.length < (f.min ?? 1)) return { [group]: p('forms.errors.contactsMin') };
  if (list.length > maxContacts) return { [group]: p('forms.errors.contactsMax', { max: maxContacts }) };
  list.forEach((r, i) => {
    const at = (field: string, problem: Problem | undefined) => problem && (out[`${group}.${i}.${field}`] = problem);
    at('name', checkText(r.name, true, LIMITS.rowName));
    at('relationship', checkText(r.relationship, true, LIMITS.rowRelationship));
    at('phone', checkPhone(r.phone, true));
    at('email', checkEmail(r.email, false));
  });
  return out;
}

/** The rules that join two fields: "other" needs its text; "no" to the full duration needs availability. */
const conditional: Partial<Record<FormName, (v: Values) => Problems>> = {
  volunteer: (v) => {
    const out: Problems = {};
    if (list(v.traits).includes('other') && !str(v.traitsOther).trim()) out.traitsOther = p('forms.errors.otherText');
    if (str(v.fullDuration) === 'no' && !str(v.availability).trim()) out.availability = p('forms.errors.availability');
    if (str(v.howHeard) === 'other' && !str(v.howHeardOther).trim()) out.howHeardOther = p('forms.errors.otherText');
    return out;
  },
};

/** One field's problems (a contacts group may give several, one per row field). */
export function checkField(form: FormName, name: string, values: Values, schema: FormSchema, now: Date): Problems {
  const f = schema.fields[name];
  if (!f) return {};
  const v = values[name];
  let problem: Problem | undefined;
  switch (f.kind) {
    case 'text':
      problem = checkText(str(v), !!f.required, f.max || LIMITS.long);
      break;
    case 'email':
      problem = checkEmail(str(v), !!f.required);
      break;
    case 'phone':
      problem = checkPhone(str(v), !!f.required);
      break;
    case 'date':
      problem = checkBirth(str(v), !!f.required, f.min ?? schema.minAge ?? 0, now);
      break;
    case 'choice':
      problem = checkChoice(str(v), f);
      break;
    case 'country':
      problem = checkChoice(str(v).trim().toUpperCase(), f, schema.countries ?? []);
      break;
    case 'choices':
      problem = checkChoices(list(v), f);
      break;
    case 'gpa':
      problem = checkGpa(str(v), schema.gpaMax);
      break;
    case 'contacts':
      return checkContacts(name, rows(v), f, schema.maxContacts);
  }
  // The joined rules only add a message where the field itself has none (the first problem wins).
  const extra = conditional[form]?.(values)[name];
  const out = problem ?? extra;
  return out ? { [name]: out } : {};
}

/** Every problem of the form, or only those of the fields named (a section). */
export function validate(form: FormName, values: Values, schema: FormSchema, now: Date, only?: readonly string[]): Problems {
  const out: Problems = {};
  for (const name of only ?? Object.keys(schema.fields)) Object.assign(out, checkField(form, name, values, schema, now));
  return out;
}
