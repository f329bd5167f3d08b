// The volunteer registration in a page: section checks, the server's nested messages beside
// the right row, the draft offer, and the Idempotency-Key across retries.
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../components/draft';
import { renderAt } from '../../../test/render';
import { VolunteerRegister } from './Volunteer';

interface Call {
  url: string;
  method: string;
  body?: unknown;
  key?: string | null;
}

let calls: Call[];
let submitAnswers: (() => Response)[];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

beforeEach(async () => {
  // The last test's form is gone, but Preact runs its cleanups (the draft's last write) after paint: now.
  await act(() => new Promise((r) => setTimeout(r, 60)));
  calls = [];
  submitAnswers = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const headers = new Headers(init.headers);
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, key: headers.get('Idempotency-Key') });
      if (url.endsWith('/auth/me')) return json(401, { message: 'Please sign in' });
      if (url.endsWith('/forms/token')) return json(200, { formToken: 'tok' });
      if (url.endsWith('/schema')) return json(503, { message: 'down' }); // the built-in copy is used
      if (url.endsWith('/api/forms/volunteer') && init.method === 'POST') return (submitAnswers.shift() ?? (() => json(500, { message: 'no answer' })))();
      return json(404, { message: 'not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const complete = {
  firstName: 'Anu',
  lastName: 'Bat',
  dateOfBirth: '2005-03-01',
  gender: 'female',
  phone: '88112233',
  email: 'anu@example.mn',
  address: 'Peace Avenue 1',
  city: 'Ulaanbaatar',
  state: '',
  country: 'MN',
  postalCode: '',
  school: 'School No. 1',
  grade: '11',
  major: '',
  gpa: '3.5',
  relevantCourses: '',
  careerInterests: ['artsCulture'],
  whyInterested: 'Culture',
  qualifications: '',
  priorExperience: '',
  priorCulturalExperience: '',
  traits: [],
  traitsOther: '',
  strengths: '',
  improvementAreas: '',
  motivation: 'To help',
  leadershipExample: '',
  fullDuration: 'yes',
  availability: '',
  emergencyContacts: [
    { name: 'Bold', relationship: 'Father', phone: '99112233', email: '' },
    { name: 'Saraa', relationship: 'Aunt', phone: '+1 0000000', email: '' },
  ],
  howHeard: 'school',
  howHeardOther: '',
  additionalInfo: '',
};

/** A draft of a complete registration, saved at the review step. */
const saveDraft = (step = 8) =>
  localStorage.setItem(draftKey('volunteer'), JSON.stringify({ v: 1, savedAt: Date.parse('2026-05-10T10:05:00Z'), data: { ...complete, __step: step } }));

const restoreDraft = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
};

describe('<VolunteerRegister>', () => {
  it('checks a section before moving on: messages beside the fields, focus on the first, in the page language', async () => {
    renderAt(<VolunteerRegister />, { lang: 'mn', path: '/mn/programs/cultural-volunteer/register' });
    const next = await screen.findByRole('button', { name: 'Дараах' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    fireEvent.input(screen.getByLabelText(/^Нэр/), { target: { value: 'Ану' } });
    fireEvent.click(next);
    // Mongolian order: the surname comes first, and is the first field with a message.
    const surname = screen.getByLabelText(/^Овог/) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(surname));
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(surname.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe('Энэ талбарыг бөглөнө үү.');
    expect((screen.getByLabelText(/^Нэр/) as HTMLInputElement).value).toBe('Ану');
    expect(screen.getByRole('heading', { level: 2, name: /Алхам 1 \/ 9/ })).toBeTruthy();
  });

  it('puts a server message for a row beside that row, in the section that holds it, keeping every answer', async () => {
    saveDraft();
    submitAnswers.push(() =>
      json(422, { message: 'Please correct the highlighted fields.', code: 'invalid', errors: { 'emergencyContacts.1.phone': 'Enter a phone number.' } }),
    );
    renderAt(<VolunteerRegister />, { path: '/en/programs/cultural-volunteer/register' });
    await restoreDraft();
    const send = await screen.findByRole('button', { name: 'Send registration' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    const phone = (await screen.findAllByLabelText(/^Phone/)).at(1) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(screen.getByRole('heading', { level: 2, name: /Step 7 of 9: Emergency contacts/ })).toBeTruthy();
    expect(phone.id).toBe('vol-emergencyContacts-1-phone');
    expect(document.getElementById('vol-emergencyContacts-1-phone-error')?.textContent).toBe('Enter a phone number.');
    expect(screen.getAllByLabelText(/^Full name/).map((i) => (i as HTMLInputElement).value)).toEqual(['Bold', 'Saraa']);
    expect(phone.value).toBe('+1 0000000');
    // The first row has no message.
    expect(document.getElementById('vol-emergencyContacts-0-phone')?.getAttribute('aria-invalid')).toBeNull();
  });

  it('offers the draft after a reload and restores it at its section', async () => {
    saveDraft(2);
    renderAt(<VolunteerRegister />, { path: '/en/programs/cultural-volunteer/register' });
    expect(await screen.findByText(/Restore your draft from 10 May 2026, \d\d:05\?/)).toBeTruthy();
    await restoreDraft();
    expect(screen.getByRole('heading', { level: 2, name: /Step 3 of 9: Education/ })).toBeTruthy();
    expect((screen.getByLabelText(/^School or university/) as HTMLInputElement).value).toBe('School No. 1');
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('retries with the same Idempotency-Key, shows the reference and clears the draft', async () => {
    saveDraft();
    submitAnswers.push(
      () => json(429, { message: 'Too many attempts.', code: 'rate_limited' }, { 'Retry-After': '30' }),
      () => json(201, { reference: 'CVP-2026-000123', form: 'volunteer', createdAt: '2026-05-10T10:06:00Z' }),
    );
    renderAt(<VolunteerRegister />, { path: '/en/programs/cultural-volunteer/register' });
    await restoreDraft();
    const send = await screen.findByRole('button', { name: 'Send registration' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText('Too many attempts. Try again in 30 seconds.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send registration' }));
    expect(await screen.findByText('CVP-2026-000123')).toBeTruthy();
    expect(screen.getByText('We have sent a confirmation to anu@example.mn in English.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('vol-done'));
    expect(localStorage.getItem(draftKey('volunteer'))).toBeNull();

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].key).toBeTruthy();
    expect(posts[1].key).toBe(posts[0].key);
    const body = posts[1].body as Record<string, unknown>;
    expect(body).toMatchObject({ website: '', formToken: 'tok', gpa: '3.5', country: 'MN' });
    expect(body.emergencyContacts).toEqual(complete.emergencyContacts);

    // A new, empty form to fill in again (its key is a new one: see engine.test.ts).
    fireEvent.click(screen.getByRole('button', { name: 'Fill in the form again' }));
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('');
  });
});
