import type { TFunction } from 'i18next';
import { age } from '../../lib/dates';
import { looksLikeEmail } from '../../lib/email';
import type { FieldErrors } from './form';

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

const length = (s: string) => [...s].length;

export { looksLikeEmail };

export { age } from '../../lib/dates';

/** The password rules the server applies, but the common-password list (the server has it). */
export function checkPassword(t: TFunction, pw: string, limits: AuthLimits = defaultLimits): string | undefined {
  if (!pw) return t('validation.required');
  if (length(pw) < limits.passwordMin) return t('auth.errors.passwordTooShort', { min: limits.passwordMin });
  if (length(pw) > limits.passwordMax) return t('validation.tooLong', { max: limits.passwordMax });
  return undefined;
}

export function checkEmail(t: TFunction, email: string): string | undefined {
  const v = email.trim();
  if (!v) return t('validation.required');
  if (!looksLikeEmail(v)) return t('validation.email');
  return undefined;
}

export function checkName(t: TFunction, v: string, max: number, required = true): string | undefined {
  if (!v.trim()) return required ? t('validation.required') : undefined;
  if (length(v.trim()) > max) return t('validation.tooLong', { max });
  return undefined;
}

/** The date-of-birth rules: a real date, not in the future, not absurdly old, old enough. */
export function checkBirth(t: TFunction, v: string, now: Date, limits: AuthLimits = defaultLimits): string | undefined {
  if (!v) return t('validation.required');
  const years = age(v, now);
  if (Number.isNaN(years)) return t('validation.date');
  if (new Date(`${v}T00:00:00Z`).getTime() > now.getTime()) return t('validation.dateInFuture');
  if (years > 120) return t('validation.dateUnrealistic');
  if (years < limits.minAge) return t('auth.errors.tooYoung', { age: limits.minAge });
  return undefined;
}

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
