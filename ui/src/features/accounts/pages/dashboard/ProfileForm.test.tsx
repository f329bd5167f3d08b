import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fullName } from '../../../../lib/names';
import type { User } from '../../../../lib/session';
import { renderAt } from '../../../../test/render';
import { ProfileForm } from './ProfileForm';

const user: User = {
  id: 1, email: 'anu@example.mn', firstName: 'Ану', lastName: 'Болд', accountType: 'individual', organization: null,
  isAdmin: false, roles: [], language: 'mn', emailVerified: true, needsDateOfBirth: false, idVerification: 'none',
  restrictedFeatures: [], dashboard: [], permissions: [], createdAt: '2026-11-01T00:00:00Z',
};

describe('<ProfileForm>', () => {
  it('asks for the surname first in Mongolian, as the register page and the public forms do', () => {
    renderAt(<ProfileForm id="p" user={user} />, { lang: 'mn' });
    expect(screen.getAllByRole('textbox').map((i) => i.getAttribute('id'))).toEqual(['p-lastName', 'p-firstName']);
    expect(screen.getByLabelText(/Овог/).getAttribute('autocomplete')).toBe('family-name');
  });

  it('asks for the given name first in English', () => {
    renderAt(<ProfileForm id="p" user={user} />, { lang: 'en' });
    expect(screen.getAllByRole('textbox').map((i) => i.getAttribute('id'))).toEqual(['p-firstName', 'p-lastName']);
  });

  it('writes a full name in the order of the language', () => {
    expect(fullName('mn', 'Ану', 'Болд')).toBe('Болд Ану');
    expect(fullName('en', 'Anu', 'Bold')).toBe('Anu Bold');
    expect(fullName('mn', 'Ану', '')).toBe('Ану');
  });
});
