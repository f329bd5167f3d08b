// @vitest-environment node
// The client's rules against the server's (app/forms/schema.go, forms.go, web/validate.go):
// the same message keys for the same answers.
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from './schemas';
import { age, checkBirth, checkEmail, checkGpa, checkPhone, checkText, phoneShape, validate } from './validate';
import { emptyValues, newRow, type Values } from './values';

const now = new Date('2026-05-10T12:00:00Z');
const keys = (p: Record<string, { key: string }>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v.key]));

/** A complete, valid volunteer registration. */
function volunteer(patch: Partial<Values> = {}): Values {
  return {
    ...emptyValues(SCHEMAS.volunteer),
    firstName: 'Anu',
    lastName: 'Bat',
    dateOfBirth: '2008-01-15',
    gender: 'female',
    phone: '88112233',
    email: 'anu@example.mn',
    address: 'Peace Avenue 1',
    city: 'Ulaanbaatar',
    country: 'MN',
    school: 'School No. 1',
    grade: '11',
    careerInterests: ['artsCulture'],
    whyInterested: 'Culture',
    motivation: 'To help',
    fullDuration: 'yes',
    emergencyContacts: [{ ...newRow(), name: 'Bold', relationship: 'Father', phone: '99112233', email: '' }],
    howHeard: 'school',
    ...patch,
  };
}

describe('text (web.Checker.Text)', () => {
  it('required, trimmed, at most max characters (counted as characters, not bytes)', () => {
    expect(checkText('', true, 10)?.key).toBe('validation.required');
    expect(checkText('   ', true, 10)?.key).toBe('validation.required');
    expect(checkText('', false, 10)).toBeUndefined();
    expect(checkText('Өнөр', true, 4)).toBeUndefined();
    expect(checkText('Өнөрөө', true, 4)).toEqual({ key: 'validation.tooLong', args: { max: 4 } });
    expect(checkText('  abcd  ', true, 4)).toBeUndefined();
  });

  it('refuses control characters but tab and newline', () => {
    expect(checkText('a\u0007b', true, 10)?.key).toBe('validation.invalidCharacters');
    expect(checkText('a\nb\tc', true, 10)).toBeUndefined();
  });

  it('uses each field\'s own limit from the schema', () => {
    const p = validate('contact', { ...emptyValues(SCHEMAS.contact), firstName: 'x'.repeat(101), lastName: 'y', email: 'a@b.mn', description: 'd' }, SCHEMAS.contact, now);
    expect(p).toEqual({ firstName: { key: 'validation.tooLong', args: { max: 100 } } });
  });
});

describe('email', () => {
  it('required unless optional; one address with a dotted domain', () => {
    expect(checkEmail('', true)?.key).toBe('validation.required');
    expect(checkEmail('', false)).toBeUndefined();
    for (const ok of ['name@example.mn', ' Name@Example.MN ', 'a.b+c@sub.example.com']) expect(checkEmail(ok, true)).toBeUndefined();
    for (const bad of ['name', 'name@', 'name@example', 'a b@example.mn', 'name@example.', '<a@b.mn>', 'a@b..mn']) {
      expect(checkEmail(bad, true)?.key, bad).toBe('validation.email');
    }
  });
});

describe('phone shape (forms.errors.phone)', () => {
  it('8 digits for Mongolia, or + and 7–15 digits; separators allowed', () => {
    for (const ok of ['88112233', '8811 2233', '8811-2233', '+976 88112233', '+1 (202) 555-0123', '+44 20 7946 0958']) expect(phoneShape(ok), ok).toBe(true);
    for (const bad of ['8811223', '881122334', '88a12233', '+1 23', '+1234567890123456', '976#88112233', 'x'.repeat(31)]) {
      expect(phoneShape(bad), bad).toBe(false);
    }
  });

  it('required where the server requires it', () => {
    expect(checkPhone('', true)?.key).toBe('validation.required');
    expect(checkPhone('', false)).toBeUndefined();
    expect(checkPhone('12', false)?.key).toBe('forms.errors.phone');
  });
});

describe('date of birth (check.birth)', () => {
  it('counts full years as the server does', () => {
    expect(age('2010-05-10', now)).toBe(16);
    expect(age('2010-05-11', now)).toBe(15);
    expect(age('2010-02-30', now)).toBeNaN();
  });

  it('a real date, not in the future, not over 100 years, at least the minimum age', () => {
    expect(checkBirth('', true, 16, now)?.key).toBe('validation.required');
    expect(checkBirth('10/05/2008', true, 16, now)?.key).toBe('validation.date');
    expect(checkBirth('2027-01-01', true, 16, now)?.key).toBe('validation.dateInFuture');
    expect(checkBirth('1900-01-01', true, 16, now)?.key).toBe('validation.dateUnrealistic');
    expect(checkBirth('2010-05-11', true, 16, now)).toEqual({ key: 'forms.errors.minAge', args: { age: 16 } });
    expect(checkBirth('2010-05-10', true, 16, now)).toBeUndefined();
  });
});

describe('GPA (check.gpa)', () => {
  it('empty, or 0 to 4.0 with at most two decimals; a comma is a decimal point', () => {
    for (const ok of ['', '0', '3.5', '3,75', '4', '4.0', '.5']) expect(checkGpa(ok, 4), ok).toBeUndefined();
    for (const bad of ['4.01', '5', '-1', '3.555', 'abc', '3.5.1']) expect(checkGpa(bad, 4), bad).toEqual({ key: 'forms.errors.gpa', args: { max: '4.0' } });
  });
});

describe('the volunteer form', () => {
  it('a complete registration passes', () => {
    expect(validate('volunteer', volunteer(), SCHEMAS.volunteer, now)).toEqual({});
  });

  it('asks for everything required when empty', () => {
    const p = keys(validate('volunteer', emptyValues(SCHEMAS.volunteer), SCHEMAS.volunteer, now));
    for (const f of ['firstName', 'lastName', 'dateOfBirth', 'gender', 'phone', 'email', 'address', 'city', 'country', 'school', 'grade', 'whyInterested', 'motivation', 'fullDuration', 'howHeard']) {
      expect(p[f], f).toBe('validation.required');
    }
    expect(p.careerInterests).toBe('forms.errors.chooseOne');
    // The one empty emergency contact row: its own fields.
    expect(p['emergencyContacts.0.name']).toBe('validation.required');
    expect(p['emergencyContacts.0.phone']).toBe('validation.required');
    for (const f of ['state', 'postalCode', 'major', 'gpa', 'traits', 'qualifications', 'medicalConditions', 'additionalInfo']) expect(p[f], f).toBeUndefined();
  });

  it('choices must be from the list; a country must be an ISO code the server knows', () => {
    const p = keys(validate('volunteer', volunteer({ gender: 'robot', country: 'XX', careerInterests: ['cooking'] }), SCHEMAS.volunteer, now));
    expect(p).toEqual({ gender: 'validation.choice', country: 'validation.choice', careerInterests: 'validation.choice' });
    expect(validate('volunteer', volunteer({ country: 'de' }), SCHEMAS.volunteer, now)).toEqual({});
  });

  it('"other" needs its text; "no" to the full duration needs the availability', () => {
    expect(keys(validate('volunteer', volunteer({ traits: ['creative', 'other'] }), SCHEMAS.volunteer, now))).toEqual({ traitsOther: 'forms.errors.otherText' });
    expect(validate('volunteer', volunteer({ traits: ['other'], traitsOther: 'Patient' }), SCHEMAS.volunteer, now)).toEqual({});
    expect(keys(validate('volunteer', volunteer({ howHeard: 'other' }), SCHEMAS.volunteer, now))).toEqual({ howHeardOther: 'forms.errors.otherText' });
    expect(keys(validate('volunteer', volunteer({ fullDuration: 'no' }), SCHEMAS.volunteer, now))).toEqual({ availability: 'forms.errors.availability' });
    expect(validate('volunteer', volunteer({ fullDuration: 'no', availability: 'August only' }), SCHEMAS.volunteer, now)).toEqual({});
  });

  it('emergency contacts: at least one, at most 5, each row checked on its own', () => {
    expect(keys(validate('volunteer', volunteer({ emergencyContacts: [] }), SCHEMAS.volunteer, now))).toEqual({ emergencyContacts: 'forms.errors.contactsMin' });
    const six = Array.from({ length: 6 }, () => ({ ...newRow(), name: 'A', relationship: 'B', phone: '88112233', email: '' }));
    expect(validate('volunteer', volunteer({ emergencyContacts: six }), SCHEMAS.volunteer, now)).toEqual({ emergencyContacts: { key: 'forms.errors.contactsMax', args: { max: 5 } } });
    const rows = [
      { ...newRow(), name: 'Bold', relationship: 'Father', phone: '99112233', email: '' },
      { ...newRow(), name: 'Saraa', relationship: 'x'.repeat(61), phone: '123', email: 'nope' },
    ];
    expect(keys(validate('volunteer', volunteer({ emergencyContacts: rows }), SCHEMAS.volunteer, now))).toEqual({
      'emergencyContacts.1.relationship': 'validation.tooLong',
      'emergencyContacts.1.phone': 'forms.errors.phone',
      'emergencyContacts.1.email': 'validation.email',
    });
  });

  it('checks only the fields of one section when asked', () => {
    expect(Object.keys(validate('volunteer', emptyValues(SCHEMAS.volunteer), SCHEMAS.volunteer, now, ['firstName', 'gpa']))).toEqual(['firstName']);
  });
});

describe('the other forms', () => {
  it('contact: the phone is optional but must be a phone when given', () => {
    const ok = { ...emptyValues(SCHEMAS.contact), firstName: 'A', lastName: 'B', email: 'a@b.mn', description: 'Hello' };
    expect(validate('contact', ok, SCHEMAS.contact, now)).toEqual({});
    expect(keys(validate('contact', { ...ok, phoneNumber: '12' }, SCHEMAS.contact, now))).toEqual({ phoneNumber: 'forms.errors.phone' });
  });

  it('support: the topic is one of the list', () => {
    const ok = { name: 'A', email: 'a@b.mn', topic: 'billing', message: 'Help' };
    expect(validate('support', ok, SCHEMAS.support, now)).toEqual({});
    expect(keys(validate('support', { ...ok, topic: '' }, SCHEMAS.support, now))).toEqual({ topic: 'validation.required' });
    expect(keys(validate('support', { ...ok, topic: 'gossip' }, SCHEMAS.support, now))).toEqual({ topic: 'validation.choice' });
  });

  it('roadmap: class at most 30 characters, at least one guardian', () => {
    const ok: Values = {
      firstName: 'A', lastName: 'B', school: 'S', class: '10B', destination: 'Japan', phone: '+976 88112233', email: 'a@b.mn',
      guardians: [{ ...newRow(), name: 'G', relationship: 'Mother', phone: '88112233', email: 'g@b.mn' }],
    };
    expect(validate('roadmap', ok, SCHEMAS.roadmap, now)).toEqual({});
    expect(keys(validate('roadmap', { ...ok, class: 'x'.repeat(31), guardians: [] }, SCHEMAS.roadmap, now))).toEqual({
      class: 'validation.tooLong',
      guardians: 'forms.errors.contactsMin',
    });
  });
});
