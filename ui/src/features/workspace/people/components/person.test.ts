// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../../lib/i18n';
import { resources } from '../../../../test/render';
import { type Person, roleLabel } from './person';

const person = (p: Partial<Person>): Person =>
  ({ id: 1, firstName: 'A', lastName: 'B', name: 'A B', initials: 'AB', email: 'a@b.mn', accountType: 'individual', admin: false,
    deskLevel: 'none', emailVerified: false, idVerified: false, suspended: false, createdAt: '2026-01-01T00:00:00Z',
    can: { rename: false, orgRole: false, admin: false, desk: false, organization: false, suspend: false, signOut: false }, ...p }) as Person;

describe('a person’s roles in words', () => {
  const en = createI18n('en', resources).t;
  const mn = createI18n('mn', resources).t;
  it('names the admin, the organisation role or account type, and the forms desk', () => {
    expect(roleLabel(en, person({}))).toBe('Individual');
    expect(roleLabel(en, person({ admin: true, deskLevel: 'desk' }))).toBe('Administrator, Individual, Forms desk');
    expect(roleLabel(en, person({ accountType: 'enterprise', orgRole: 'counselor' }))).toBe('Counselor');
    expect(roleLabel(mn, person({ accountType: 'enterprise', orgRole: 'manager' }))).toBe('Менежер');
    expect(roleLabel(mn, person({ deskLevel: 'sensitive' }))).toBe('Хувь хүн, Маягтын самбар');
  });
});
