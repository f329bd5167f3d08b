// The application form: required answers and documents named beside their fields with the
// focus on the first, the server's field messages likewise with nothing typed lost, the 403 for an unverified national ID, and the body: JSON, or multipart with files.
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import type { Detail } from '../types';
import { apply } from '../api';
import { ApplyForm } from './ApplyForm';
import { money, payText } from './format';

const posting = (over: Partial<Detail> = {}) =>
  ({
    slug: 'dev',
    questions: [
      { index: 0, type: 'yes_no', text: 'Can you start soon?', choices: [], required: true },
      { index: 1, type: 'choice', text: 'Experience', choices: ['0-1', '2+'], required: false },
    ],
    documents: ['cv'],
    ...over,
  }) as Detail;

let sent: { body: unknown }[];
let answer: () => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      sent.push({ body: init.body });
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const pdf = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });

describe('ApplyForm', () => {
  it('names what is missing, focuses the first, and sends nothing', async () => {
    renderAt(<ApplyForm posting={posting()} onApplied={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes' })));
    expect(screen.getByText('Please answer this question.')).toBeTruthy();
    expect(screen.getByText('Please attach this document.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the server\'s field messages beside their fields, focused, and keeps what was typed', async () => {
    answer = () => json(422, { message: 'Invalid', errors: { 'answers.1': 'Choose one of the answers.', coverLetter: 'Too long.' } });
    renderAt(<ApplyForm posting={posting({ documents: [] })} onApplied={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('radio', { name: '2+' }));
    fireEvent.input(screen.getByLabelText('Cover letter'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByText('Choose one of the answers.');
    expect(JSON.parse(String(sent[0].body))).toEqual({
      coverLetter: 'Hello',
      answers: [
        { index: 0, value: 'yes' },
        { index: 1, value: '1' },
      ],
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '0-1' })));
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect((screen.getByLabelText('Cover letter') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('sends multipart with the JSON in "application" and the files by their kind (api.apply)', async () => {
    answer = () => json(201, { id: 1 });
    await apply('dev', { coverLetter: 'Hi', answers: [{ index: 0, value: 'yes' }] }, { cv: pdf() });
    const body = sent[0].body as FormData;
    expect(JSON.parse(String(body.get('application')))).toEqual({ coverLetter: 'Hi', answers: [{ index: 0, value: 'yes' }] });
    expect((body.get('cv') as File).name).toBe('cv.pdf');
    expect(body.get('transcript')).toBeNull();
  });

  it('takes a document from My files: the picker is loaded when asked for, focused, and the choice sent as myFiles', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        urls.push(String(url));
        sent.push({ body: init.body });
        if (String(url).includes('/me/application-files')) {
          return json(200, { items: [{ id: 7, name: 'CV 2026.pdf', size: 900, mediaType: 'application/pdf', folder: 'Applications', updatedAt: '2026-11-01T00:00:00Z' }], next: '' });
        }
        return json(201, { id: 1 });
      }),
    );
    let applied = false;
    renderAt(<ApplyForm posting={posting({ questions: [] })} onApplied={() => (applied = true)} />);
    expect(urls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose from My files' }));
    const select = (await screen.findByLabelText('From My files: CV')) as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(screen.getByRole('option', { name: 'CV 2026.pdf (folder: Applications)' })).toBeTruthy();
    // A real change event (testing-library/preact's fireEvent.change sends input).
    select.value = '7';
    await act(async () => {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(applied).toBe(true));
    expect(JSON.parse(String(sent[1].body))).toEqual({ coverLetter: '', answers: [], myFiles: [{ kind: 'cv', fileId: 7 }] });
  });

  it('sends JSON without documents, and shows the ID verification refusal with a link', async () => {
    answer = () => json(403, { message: 'Verify your national ID on your account page first.', code: 'id_verification_required' });
    renderAt(<ApplyForm posting={posting({ documents: [], questions: [] })} onApplied={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByText('Verify your national ID on your account page first.');
    expect(JSON.parse(String(sent[0].body))).toEqual({ coverLetter: '', answers: [] });
    expect(screen.getByRole('link', { name: 'Verify your national ID on your account page' }).getAttribute('href')).toBe('/en/dashboard/user/account');
  });
});

describe('pay', () => {
  it('reads as the glossary writes money', async () => {
    const { i18n } = renderAt(<p />);
    expect(money('en', 'MNT', 2500000)).toBe('MNT 2,500,000');
    expect(money('mn', 'MNT', 2500000, 3000000)).toBe('2\u00a0500\u00a0000–3\u00a0000\u00a0000₮');
    expect(payText(i18n.t, 'en', { kind: 'amount', min: 5000000, max: 0, currency: 'MNT', period: 'month' })).toBe('MNT 5,000,000 per month');
    expect(payText(i18n.t, 'en', { kind: 'unpaid', min: 0, max: 0, currency: '', period: '' })).toBe('Unpaid');
  });
});
