import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../../lib/api';
import { renderAt } from '../../../../test/render';
import { Register } from './Register';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the register page sees it; `register` answers the form. */
function api(register: (body: Record<string, unknown>) => Response) {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const u = String(url);
    if (u.endsWith('/web/auth/form-token')) return json(200, { formToken: '123.abc' });
    if (u.endsWith('/auth/schema')) return json(200, { nameMax: 100, organizationMax: 120, passwordMin: 8, passwordMax: 128, minAge: 13, codeLength: 6 });
    if (u.endsWith('/auth/me')) return json(401, { message: 'Please sign in to continue.', code: 'unauthorized' });
    if (u.endsWith('/web/auth/register')) return register(JSON.parse(String(init?.body)));
    return json(404, { message: 'not found' });
  });
  configureApi({ fetch: fetch as typeof globalThis.fetch });
  return fetch;
}

afterEach(() => configureApi({ fetch: undefined }));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });

function fillValid() {
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type('Email', 'ada@example.mn');
  type('Password', 'password123');
  type('Date of birth', '2000-05-23');
  fireEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
}

describe('register form', () => {
  it('refuses a date of birth after today, with today read in the browser (not at build time)', async () => {
    const fetch = api(() => json(201, {}));
    renderAt(<Register />, { lang: 'en', path: '/en/auth/register' });
    fillValid();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    type('Date of birth', tomorrow);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByText('This date is in the future.').id).toBe('register-dateOfBirth-error'));
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/web/auth/register'))).toBe(false);
  });

  it('checks on the client first: the same messages as the server, focus on the first', async () => {
    const fetch = api(() => json(201, {}));
    renderAt(<Register />, { lang: 'en', path: '/en/auth/register' });
    type('Email', 'ada@example.mn');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use at least 8 characters.').id).toBe('register-password-error');
    expect(field('Password').getAttribute('aria-describedby')).toContain('register-password-error');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(field('Email').value).toBe('ada@example.mn');
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/web/auth/register'))).toBe(false);
  });

  it('puts the server field errors of a 422 beside their fields, focuses the first, keeps the values', async () => {
    let sent: Record<string, unknown> = {};
    api((body) => {
      sent = body;
      return json(422, {
        message: 'Please correct the highlighted fields.',
        code: 'invalid',
        errors: {
          password: 'This password is too common and easy to guess. Choose another one.',
          email: 'An account with this email already exists. Sign in, or reset your password.',
        },
      });
    });
    renderAt(<Register />, { lang: 'en', path: '/en/auth/register' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(sent).toMatchObject({
      email: 'ada@example.mn',
      password: 'password123',
      dateOfBirth: '2000-05-23',
      accountType: 'individual',
      acceptTerms: true,
      website: '',
      formToken: '123.abc',
    });
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('register-email-error')?.textContent).toBe(
      'An account with this email already exists. Sign in, or reset your password.',
    );
    expect(document.getElementById('register-password-error')?.textContent).toBe(
      'This password is too common and easy to guess. Choose another one.',
    );
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email', 'ada@example.mn'],
      ['Password', 'password123'],
      ['Date of birth', '2000-05-23'],
    ]) {
      expect(field(label).value).toBe(value);
    }
    expect((screen.getByRole('checkbox', { name: /I accept the/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows other errors (too fast, rate limits) above the form', async () => {
    api(() => json(422, { message: 'That was faster than a person can fill in the form.', code: 'too_fast' }));
    renderAt(<Register />, { lang: 'en', path: '/en/auth/register' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('faster than a person'))).toBe(true));
  });

  it('asks an enterprise for its organisation name, in Mongolian too', async () => {
    api(() => json(201, {}));
    renderAt(<Register />, { lang: 'mn', path: '/mn/auth/register' });
    fireEvent.click(screen.getByRole('radio', { name: /^Байгууллага/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Бүртгүүлэх' }));
    const org = screen.getByLabelText('Байгууллагын нэр') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(org));
    expect(document.getElementById('register-organization-error')?.textContent).toBe('Энэ талбарыг бөглөнө үү.');
  });
});
