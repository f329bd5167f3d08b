import { act, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/App';
import { configureApi } from '../../../lib/api';
import { renderAt } from '../../../test/render';
import { SEARCH_DELAY_MS } from './Faq';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  configureApi({ fetch: undefined });
  vi.useRealTimers();
});

describe('the FAQ page', () => {
  it('shows the prerendered answers, then what the API says, filtered as you type', async () => {
    let answer!: (r: Response) => void;
    // The layout asks /api/meta (is this a demo?) on every page: it answers at once.
    const fetch = vi.fn((url: string) => (url === '/api/meta' ? Promise.resolve(json({})) : new Promise<Response>((r) => (answer = r))));
    configureApi({ fetch: fetch as unknown as typeof globalThis.fetch });
    const { container, i18n } = renderAt(<App />, { lang: 'mn', path: '/mn/faq' });
    configureApi({ i18n });
    const count = () => container.querySelectorAll('details.faq__entry').length;
    expect(count()).toBeGreaterThan(20); // the seed, before the API answers

    await act(async () => {
      answer(json({ categories: [{ id: 'programs', name: 'Хөтөлбөр', entries: [
        { id: 1, slug: 'admission', question: 'Элсэлт хэзээ эхлэх вэ?', answer: 'Их сургуулийн элсэлт 6-р сард.' },
        { id: 2, slug: 'volunteer', question: 'Сайн дурын хөтөлбөр?', answer: '16 наснаас.' },
      ] }] }));
    });
    await vi.waitFor(() => expect(count()).toBe(2));
    expect(fetch.mock.calls.map(([url]) => url).filter((url) => url !== '/api/meta')).toEqual(['/api/faq']);
    vi.useFakeTimers();

    fireEvent.input(screen.getByLabelText('Түгээмэл асуултаас хайх'), { target: { value: 'ЭЛСЭЛТ' } });
    expect(count()).toBe(2); // not yet: the search waits for typing to pause
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS);
    });
    expect([...container.querySelectorAll('details.faq__entry')].map((d) => d.id)).toEqual(['admission']);
    expect(container.querySelector('.faq__status')!.textContent).toBe('1 хариулт олдлоо');

    fireEvent.input(screen.getByLabelText('Түгээмэл асуултаас хайх'), { target: { value: 'xyz' } });
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS);
    });
    expect(count()).toBe(0);
    expect(container.querySelector('.faq__empty')!.textContent).toContain('«xyz»');
  });
});
