// Field messages in the page: where each belongs (a field, or a field of one row of a
// repeatable group), which section shows it, and what happens to them when a row goes.
import type { FieldErrors } from '../../../lib/form';

/** Messages by field name as the server names them: "email", "emergencyContacts.1.phone" (lib/form's FieldErrors). */
export type Messages = FieldErrors;

/** "emergencyContacts.1.phone" → { field: "emergencyContacts", row: 1, sub: "phone" }. */
export function parseName(name: string): { field: string; row?: number; sub?: string } {
  const m = /^([^.]+)\.(\d+)\.(.+)$/.exec(name);
  return m ? { field: m[1], row: Number(m[2]), sub: m[3] } : { field: name.split('.')[0] };
}

/** The message name of one field of one row (index from 0). */
export const rowName = (group: string, index: number, sub: string) => `${group}.${index}.${sub}`;

/** The element id of a field: "vol-email", "vol-emergencyContacts-1-phone". */
export const fieldId = (prefix: string, name: string) => `${prefix}-${name.replace(/\./g, '-')}`;

/**
 * After row `removed` of `group` is taken away: its messages go, and those of the rows after
 * it move up one, so every message stays beside the row it was about.
 */
export function removeRow(messages: Messages, group: string, removed: number): Messages {
  const out: Messages = {};
  for (const [name, msg] of Object.entries(messages)) {
    const { field, row, sub } = parseName(name);
    if (field !== group || row === undefined || sub === undefined) out[name] = msg;
    else if (row < removed) out[name] = msg;
    else if (row > removed) out[rowName(group, row - 1, sub)] = msg;
  }
  return out;
}

/** Messages with the ones for `names` (and their rows) replaced by `next`. */
export function replaceFor(messages: Messages, names: readonly string[], next: Messages): Messages {
  const out: Messages = {};
  for (const [name, msg] of Object.entries(messages)) if (!names.includes(parseName(name).field)) out[name] = msg;
  return { ...out, ...next };
}

/** The first section (index) holding a message, by the order of `sections`; -1 when none does. */
export function firstSectionWith(messages: Messages, sections: readonly (readonly string[])[]): number {
  const fields = new Set(Object.keys(messages).map((n) => parseName(n).field));
  return sections.findIndex((s) => s.some((f) => fields.has(f)));
}

/** Messages the page shows beside no field (names it does not know): shown above the form. */
export function unplaced(messages: Messages, known: readonly string[]): string[] {
  return Object.entries(messages)
    .filter(([name]) => !known.includes(parseName(name).field))
    .map(([, msg]) => msg);
}
