import { act } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeAt } from '../../../app/routes';
import { renderAt } from '../../../test/render';
import type { Attempt, Test } from '../api';
import { Questions } from './Questions';

const test: Test = {
  title: 'Direction Board',
  intro: '',
  instructions: [],
  scale: [1, 2, 3, 4, 5].map((value) => ({ value, label: `Answer ${value}` })),
  items: [
    { id: 'R01', text: 'Fix a bicycle' },
    { id: 'I01', text: 'Test well water' },
    { id: 'A01', text: 'Paint a mural' },
  ],
  timeLimitSeconds: 1200,
};

const NOW = Date.parse('2026-07-20T10:00:00Z');

function attempt(deadlineInMs: number, answers: Record<string, number> = {}): Attempt {
  return {
    id: 'a1',
    startedAt: new Date(NOW).toISOString(),
    deadlineAt: new Date(NOW + deadlineInMs).toISOString(),
    now: new Date(NOW).toISOString(),
    answers,
    finished: false,
  };
}

describe('the questions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the minutes left always, and announces them only at 10, 5 and 1', async () => {
    const { container } = renderAt(<Questions test={test} attempt={attempt(11.5 * 60_000)} offset={0} />);
    const live = container.querySelector('[aria-live="polite"]')!;
    const time = container.querySelector('.board-bar__time')!;
    expect(time.textContent).toBe('12 minutes left');
    const heard: string[] = [];
    const shown = new Set<string>();
    for (let s = 10; s <= 680; s += 10) {
      await act(() => {
        vi.advanceTimersByTime(10_000);
      });
      if (live.textContent && live.textContent !== heard.at(-1)) heard.push(live.textContent);
      shown.add(time.textContent!);
    }
    expect(heard).toEqual(['10 minutes left', '5 minutes left', '1 minute left']);
    expect([...shown]).toEqual(Array.from({ length: 12 }, (_, i) => (12 - i === 1 ? '1 minute left' : `${12 - i} minutes left`)));
  });

  it('corrects for the computer clock: the server said 10:00, this computer says 9:50', async () => {
    vi.setSystemTime(NOW - 10 * 60_000);
    const offset = 10 * 60_000; // server now − Date.now()
    const { container } = renderAt(<Questions test={test} attempt={attempt(3 * 60_000)} offset={offset} />);
    expect(container.querySelector('.board-bar__time')!.textContent).toBe('3 minutes left');
  });

  it('starts at the first unanswered statement with its first answer focused', () => {
    const { container } = renderAt(<Questions test={test} attempt={attempt(600_000, { R01: 4 })} offset={0} />);
    expect(container.querySelector('legend')!.textContent).toBe('Test well water');
    expect(container.querySelector('#board-progress')!.textContent).toBe('Question 2 / 3');
    expect(document.activeElement?.id).toBe('q-I01-1');
  });

  it('says "Please fill out all answers" and goes to the first unanswered one on Finish', async () => {
    const { container, getByRole } = renderAt(<Questions test={test} attempt={attempt(600_000, { R01: 4, A01: 2 })} offset={0} />, { lang: 'mn' });
    await act(() => getByRole('button', { name: 'Дараах' }).click());
    expect(container.querySelector('legend')!.textContent).toBe('Paint a mural');
    await act(() => getByRole('button', { name: 'Дуусгах' }).click());
    expect(getByRole('alert').textContent).toContain('Бүх асуултад хариулна уу');
    expect(container.querySelector('legend')!.textContent).toBe('Test well water');
    expect(document.activeElement?.id).toBe('q-I01-1');
  });
});

describe('the routes', () => {
  it('serve the shared link at any token, and only there', () => {
    expect(routeAt('/direction-board/results/abc_DEF-123')?.page).toBe('direction-board/shared-result');
    expect(routeAt('/direction-board/result')?.page).toBe('direction-board/result');
    expect(routeAt('/direction-board/results')).toBeUndefined();
    expect(routeAt('/direction-board/results/a/b')).toBeUndefined();
  });
});
