// The one client validator: the checks every form makes before it sends, in the server's
// words. A check answers a Problem — a catalog key with its arguments, the same keys the
// server uses — or undefined; a form translates problems where it shows them. The server
// checks everything again and its answer wins.
import { age } from './dates';
import { looksLikeEmail } from './email';

export interface Problem {
  key: string;
  args?: Record<string, string | number>;
}

/** Problems by field; rows of a group are "group.<index>.<field>", index from 0 as the server names them. */
export type Problems = Record<string, Problem>;

export const problem = (key: string, args?: Problem['args']): Problem => (args ? { key, args } : { key });
export const runes = (s: string) => [...s].length;
// Control characters but tab and newline, as web.Checker.Text refuses them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** Required (when told), and at most max characters, trimmed. */
export function checkLength(v: string, required: boolean, max: number): Problem | undefined {
  const s = v.trim();
  if (!s) return required ? problem('validation.required') : undefined;
  if (runes(s) > max) return problem('validation.tooLong', { max });
  return undefined;
}

/** web.Checker.Text: required, no control characters, at most max characters (trimmed). */
export function checkText(v: string, required: boolean, max: number): Problem | undefined {
  const s = v.trim();
  if (s && CONTROL.test(s)) return problem('validation.invalidCharacters');
  return checkLength(v, required, max);
}

export function checkEmail(v: string, required: boolean): Problem | undefined {
  const s = v.trim();
  if (!s) return required ? problem('validation.required') : undefined;
  return looksLikeEmail(s.toLowerCase()) ? undefined : problem('validation.email');
}

export interface BirthRules {
  minAge: number;
  /** The oldest believable age in years. */
  maxAge: number;
  /** The message for someone younger than minAge (its argument is "age"). */
  tooYoung: string;
}

/** A date of birth (YYYY-MM-DD): a real date, not in the future, not absurdly old, old enough. */
export function checkBirth(v: string, required: boolean, rules: BirthRules, now: Date): Problem | undefined {
  if (!v) return required ? problem('validation.required') : undefined;
  const years = age(v, now);
  if (Number.isNaN(years)) return problem('validation.date');
  if (new Date(`${v}T00:00:00Z`).getTime() > now.getTime()) return problem('validation.dateInFuture');
  if (years > rules.maxAge) return problem('validation.dateUnrealistic');
  if (years < rules.minAge) return problem(rules.tooYoung, { age: rules.minAge });
  return undefined;
}
