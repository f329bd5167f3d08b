// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../lib/api';
import { answeredCount, createSaver, firstUnanswered } from './answers';

const items = ['R01', 'I01', 'A01', 'S01', 'E01', 'C01'].map((id) => ({ id }));

describe('first unanswered', () => {
  it('finds the first item without an answer, in the test order', () => {
    expect(firstUnanswered(items, {})).toBe(0);
    expect(firstUnanswered(items, { R01: 3, I01: 5, S01: 1 })).toBe(2);
    expect(firstUnanswered(items, { C01: 2, E01: 2, S01: 2, A01: 2, I01: 2 })).toBe(0);
  });

  it('is -1 when everything is answered', () => {
    expect(firstUnanswered(items, { R01: 1, I01: 2, A01: 3, S01: 4, E01: 5, C01: 1 })).toBe(-1);
  });

  it('does not count values outside 1–5', () => {
    expect(firstUnanswered(items, { R01: 0, I01: 6 })).toBe(0);
    expect(firstUnanswered(items, { R01: 1, I01: 6 })).toBe(1);
  });

  it('counts answers', () => {
    expect(answeredCount(items, { R01: 1, I01: 2, X99: 3 })).toBe(2);
  });
});

/** A timer the test moves by hand. */
function manualTimer() {
  const due: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
  let next = 1;
  return {
    set: (fn: () => void, ms: number) => {
      due.push({ at: now + ms, fn, id: next });
      return next++;
    },
    clear: (id: unknown) => {
      const i = due.findIndex((d) => d.id === id);
      if (i >= 0) due.splice(i, 1);
    },
    async advance(ms: number) {
      now += ms;
      for (;;) {
        const i = due.findIndex((d) => d.at <= now);
        if (i < 0) break;
        const [d] = due.splice(i, 1);
        d.fn();
        await new Promise((r) => setTimeout(r, 0));
      }
    },
    pending: () => due.map((d) => d.at - now),
  };
}

describe('saving answers', () => {
  it('sends choices in one batch a moment later', async () => {
    const timer = manualTimer();
    const send = vi.fn().mockResolvedValue(undefined);
    const saver = createSaver({ send, timer, delay: 500 });
    saver.set('R01', 3);
    saver.set('I01', 4);
    saver.set('R01', 5);
    expect(send).not.toHaveBeenCalled();
    await timer.advance(500);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ R01: 5, I01: 4 });
    expect(saver.unsaved()).toEqual({});
  });

  it('keeps a failed batch and tries again, newer choices winning', async () => {
    const timer = manualTimer();
    const states: string[] = [];
    const send = vi.fn().mockRejectedValueOnce({ message: 'offline' } satisfies ApiError).mockResolvedValue(undefined);
    const saver = createSaver({ send, timer, delay: 500, onState: (s) => states.push(s) });
    saver.set('R01', 3);
    await timer.advance(500);
    expect(states).toEqual(['pending', 'retrying']);
    saver.set('R01', 4);
    saver.set('I01', 1);
    expect(saver.unsaved()).toEqual({ R01: 4, I01: 1 });
    await timer.advance(2000);
    expect(send).toHaveBeenLastCalledWith({ R01: 4, I01: 1 });
    expect(states.at(-1)).toBe('saved');
  });

  it('flushes at once, and says whether everything is saved', async () => {
    const timer = manualTimer();
    const send = vi.fn().mockResolvedValue(undefined);
    const saver = createSaver({ send, timer });
    saver.set('A01', 2);
    expect(await saver.flush()).toBe(true);
    expect(send).toHaveBeenCalledWith({ A01: 2 });
    expect(timer.pending()).toEqual([]);

    send.mockRejectedValueOnce({ message: 'offline' });
    saver.set('S01', 2);
    expect(await saver.flush()).toBe(false);
    expect(saver.unsaved()).toEqual({ S01: 2 });
  });

  it('stops when the server says time is up', async () => {
    const timer = manualTimer();
    const closed = vi.fn();
    const send = vi.fn().mockRejectedValue({ message: 'Time is up', code: 'time_up', status: 409 } satisfies ApiError);
    const saver = createSaver({ send, timer, onClosed: closed });
    saver.set('C01', 5);
    expect(await saver.flush()).toBe(false);
    expect(closed).toHaveBeenCalledWith(expect.objectContaining({ code: 'time_up' }));
    saver.set('E01', 5);
    await timer.advance(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
