// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { resources } from '../../test/render';
import { age, checkBirth, type RegisterValues, validateRegister } from './validate';

const en = createI18n('en', resources).t;
const mn = createI18n('mn', resources).t;
const now = new Date('2026-11-22T12:00:00Z');

const valid: RegisterValues = {
  accountType: 'individual',
  organization: '',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.mn',
  password: 'correct horse battery',
  dateOfBirth: '2000-05-23',
  acceptTerms: true,
};

describe('the register form checks what the server checks', () => {
  it('passes a complete form', () => {
    expect(validateRegister(en, valid, now)).toEqual({});
  });

  it('requires every field, with the server messages', () => {
    const empty = { ...valid, firstName: ' ', lastName: '', email: '', password: '', dateOfBirth: '', acceptTerms: false };
    expect(validateRegister(en, empty, now)).toEqual({
      firstName: 'This field is required.',
      lastName: 'This field is required.',
      email: 'This field is required.',
      password: 'This field is required.',
      dateOfBirth: 'This field is required.',
      acceptTerms: 'Please accept the Terms of Service and the Privacy Policy.',
    });
  });

  it('asks an enterprise for its organisation', () => {
    expect(validateRegister(en, { ...valid, accountType: 'enterprise' }, now)).toEqual({ organization: 'This field is required.' });
    expect(validateRegister(en, { ...valid, accountType: 'enterprise', organization: 'Gerege LLC' }, now)).toEqual({});
  });

  it('applies the password length (8 to 128 characters, counted as the server counts)', () => {
    expect(validateRegister(en, { ...valid, password: 'short12' }, now).password).toBe('Use at least 8 characters.');
    expect(validateRegister(en, { ...valid, password: 'нууцүг12' }, now).password).toBeUndefined();
    expect(validateRegister(en, { ...valid, password: 'x'.repeat(129) }, now).password).toBe('Use at most 128 characters.');
  });

  it('checks names and the email address', () => {
    expect(validateRegister(en, { ...valid, firstName: 'a'.repeat(101) }, now).firstName).toBe('Use at most 100 characters.');
    expect(validateRegister(en, { ...valid, email: 'ada@example' }, now).email).toBe('Enter an email address such as name@example.mn.');
    expect(validateRegister(en, { ...valid, email: 'ada example@x.mn' }, now).email).toBeDefined();
  });

  it('refuses under-13s, future and impossible dates — in the page language', () => {
    expect(validateRegister(en, { ...valid, dateOfBirth: '2015-01-01' }, now).dateOfBirth).toBe(
      'You must be at least 13 years old to create an account.',
    );
    expect(validateRegister(mn, { ...valid, dateOfBirth: '2015-01-01' }, now).dateOfBirth).toBe(mn('auth.errors.tooYoung', { age: 13 }));
    expect(checkBirth(en, '2013-11-22', now)).toBeUndefined(); // 13 today
    expect(checkBirth(en, '2013-11-23', now)).toBe('You must be at least 13 years old to create an account.');
    expect(checkBirth(en, '2027-01-01', now)).toBe('This date is in the future.');
    expect(checkBirth(en, '2001-02-29', now)).toBe('Enter a date as YYYY-MM-DD.');
    expect(checkBirth(en, '1890-01-01', now)).toBe('Check the year: this date is too long ago.');
  });

  it('counts full years', () => {
    expect(age('2000-11-22', now)).toBe(26);
    expect(age('2000-11-23', now)).toBe(25);
  });
});
