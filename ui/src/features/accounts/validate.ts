// The account forms' checks: lib/validate's, in the page's language.
import type { TFunction } from 'i18next';
import { looksLikeEmail } from '../../lib/email';
import { checkBirth as checkBirthOf, checkEmail as checkEmailOf, checkLength, type Problem, problem, runes } from '../../lib/validate';
import type { FieldErrors } from '../../lib/form';

/** The account limits, as GET /api/auth/schema gives them (these are its values today). */
export interface AuthLimits {
  nameMax: number;
  organizationMax: number;
  passwordMin: number;
  passwordMax: number;
  minAge: number;
  codeLength: number;
}

export const defaultLimits: AuthLimits = {
  nameMax: 100,
  organizationMax: 120,
  passwordMin: 8,
  passwordMax: 128,
  minAge: 13,
  codeLength: 6,
};

export interface RegisterValues {
  accountType: string;
  organization: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  dateOfBirth: string;
  acceptTerms: boolean;
}

export { looksLikeEmail };

export { age } from '../../lib/dates';

/** A problem in the page's language. */
const say = (t: TFunction, p: Problem | undefined): string | undefined => p && t(p.key, p.args);

/** The password rules the server applies, but the common-password list (the server has it). */
export function checkPassword(t: TFunction, pw: string, limits: AuthLimits = defaultLimits): string | undefined {
  const { passwordMin: min, passwordMax: max } = limits;
  if (!pw) return say(t, problem('validation.required'));
  if (runes(pw) < min) return say(t, problem('auth.errors.passwordTooShort', { min }));
  if (runes(pw) > max) return say(t, problem('validation.tooLong', { max }));
  return undefined;
}

export const checkEmail = (t: TFunction, email: string): string | undefined => say(t, checkEmailOf(email, true));

export const checkName = (t: TFunction, v: string, max: number, required = true): string | undefined => say(t, checkLength(v, required, max));

/** The date-of-birth rules: a real date, not in the future, not absurdly old, old enough. */
export const checkBirth = (t: TFunction, v: string, now: Date, limits: AuthLimits = defaultLimits): string | undefined =>
  say(t, checkBirthOf(v, true, { minAge: limits.minAge, maxAge: 120, tooYoung: 'auth.errors.tooYoung' }, now));

/** The register form's checks before sending; the same messages as the server's. */
export function validateRegister(t: TFunction, v: RegisterValues, now: Date, limits: AuthLimits = defaultLimits): FieldErrors {
  const out: Record<string, string | undefined> = {
    accountType: v.accountType === 'individual' || v.accountType === 'enterprise' ? undefined : t('validation.required'),
    organization: v.accountType === 'enterprise' ? checkName(t, v.organization, limits.organizationMax) : undefined,
    firstName: checkName(t, v.firstName, limits.nameMax),
    lastName: checkName(t, v.lastName, limits.nameMax),
    email: checkEmail(t, v.email),
    password: checkPassword(t, v.password, limits),
    dateOfBirth: checkBirth(t, v.dateOfBirth, now, limits),
    acceptTerms: v.acceptTerms ? undefined : t('auth.errors.acceptTerms'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, m]) => m)) as FieldErrors;
}
