// A form's answers in the page: strings, lists of choices and rows of contacts.
import type { FormName, FormSchema } from './schemas';

/** One row of a repeatable contact group (emergency contact, parent / guardian). */
export interface ContactRow {
  /** Stable while the row exists (keys and focus); never sent. */
  id: string;
  name: string;
  relationship: string;
  phone: string;
  email: string;
}

export const ROW_FIELDS = ['name', 'relationship', 'phone', 'email'] as const;
export type RowField = (typeof ROW_FIELDS)[number];

export type Value = string | string[] | ContactRow[];
export type Values = Record<string, Value>;

let rowSeq = 0;
/** A fresh empty contact row. */
export const newRow = (): ContactRow => ({ id: `r${Date.now().toString(36)}${(rowSeq++).toString(36)}`, name: '', relationship: '', phone: '', email: '' });

/** The empty answers of a form: "" for text, [] for choices, one empty row for contacts. */
export function emptyValues(schema: FormSchema): Values {
  const out: Values = {};
  for (const [name, f] of Object.entries(schema.fields)) {
    out[name] = f.kind === 'choices' ? [] : f.kind === 'contacts' ? [newRow()] : '';
  }
  return out;
}

export const str = (v: Value | undefined): string => (typeof v === 'string' ? v : '');
export const list = (v: Value | undefined): string[] => (Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : []);
export const rows = (v: Value | undefined): ContactRow[] =>
  Array.isArray(v) ? (v as unknown[]).filter((x): x is ContactRow => typeof x === 'object' && x !== null) : [];

/** True when nothing has been typed or chosen (an untouched form needs no draft). */
export function isBlank(values: Values): boolean {
  return Object.values(values).every((v) => {
    if (typeof v === 'string') return v.trim() === '';
    return (v as unknown[]).every((x) => (typeof x === 'string' ? false : ROW_FIELDS.every((f) => !(x as ContactRow)[f]?.trim())));
  });
}

/**
 * The JSON body of POST /api/forms/{form}: the schema's fields by their exact names (rows
 * without their ids), the honeypot and the form token.
 */
export function toPayload(schema: FormSchema, values: Values, extra: { website: string; formToken: string }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(schema.fields)) {
    const v = values[name];
    if (f.kind === 'choices') body[name] = list(v);
    else if (f.kind === 'contacts') body[name] = rows(v).map(({ name: n, relationship, phone, email }) => ({ name: n, relationship, phone, email }));
    else body[name] = str(v);
  }
  return { ...body, website: extra.website, formToken: extra.formToken };
}

/**
 * Answers read back from a draft: only the schema's fields, each of the right shape; rows get
 * ids again. Anything else in the draft is ignored.
 */
export function fromDraft(schema: FormSchema, data: unknown, empty: Values): Values {
  const out: Values = { ...empty };
  if (!data || typeof data !== 'object') return out;
  const d = data as Record<string, unknown>;
  for (const [name, f] of Object.entries(schema.fields)) {
    const v = d[name];
    if (f.kind === 'choices') {
      if (Array.isArray(v)) out[name] = v.filter((x) => typeof x === 'string' && (f.options ?? []).includes(x));
    } else if (f.kind === 'contacts') {
      if (Array.isArray(v) && v.length) {
        out[name] = v.slice(0, Math.max(1, f.max ?? 5)).map((r) => {
          const row = newRow();
          const src = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
          for (const k of ['name', 'relationship', 'phone', 'email'] as const) if (typeof src[k] === 'string') row[k] = src[k] as string;
          return row;
        });
      }
    } else if (typeof v === 'string') {
      out[name] = v;
    }
  }
  return out;
}

/** What a draft keeps: everything but the fields named (health details stay out of drafts). */
export function toDraft(values: Values, leaveOut: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (leaveOut.includes(k)) continue;
    out[k] = Array.isArray(v) && v.length && typeof v[0] === 'object' ? (v as ContactRow[]).map(({ id: _id, ...r }) => r) : v;
  }
  return out;
}

export type { FormName };
