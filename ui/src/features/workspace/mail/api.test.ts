// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { merge, type ThreadSummary } from './api';

const th = (id: number, minute: number): ThreadSummary => ({
  id,
  subject: `thread ${id}`,
  system: false,
  lastAt: `2026-11-27T10:${String(minute).padStart(2, '0')}:00Z`,
  folder: 'inbox',
  starred: false,
  important: false,
  unread: 0,
  messages: 1,
  drafts: 0,
  snippet: '',
  from: '',
  people: [],
  labelIds: [],
});

describe('merge (a letter arrived while the list is shown)', () => {
  it('puts the new first page first and keeps the pages opened with "Show more"', () => {
    // Shown: two pages (4, 3 | 2, 1), the cursor after 1. Thread 9 arrives: the first page is now 9, 4.
    const shown = { key: 'inbox||', items: [th(4, 40), th(3, 30), th(2, 20), th(1, 10)], next: 'after-1' };
    const out = merge(shown, { items: [th(9, 50), th(4, 40)], next: 'after-4' });
    expect(out.items.map((m) => m.id)).toEqual([9, 4, 3, 2, 1]);
    expect(out.next).toBe('after-1');
  });
  it('moves a thread that got a new letter to the top, once', () => {
    const shown = { key: 'inbox||', items: [th(4, 40), th(3, 30), th(2, 20)], next: 'after-2' };
    const out = merge(shown, { items: [th(2, 55), th(4, 40)], next: 'after-4' });
    expect(out.items.map((m) => m.id)).toEqual([2, 4, 3]);
    expect(out.next).toBe('after-2');
  });
  it('orders by time, not by the text of the time', () => {
    const shown = { key: 'inbox||', items: [th(4, 40), { ...th(3, 30), lastAt: '2026-11-27T10:30:00.5Z' }, th(2, 30)], next: 'after-2' };
    const out = merge(shown, { items: [th(9, 50), th(4, 40)], next: 'after-4' });
    expect(out.items.map((m) => m.id)).toEqual([9, 4, 3, 2]);
  });
  it('takes the page as the whole list when it has no next page', () => {
    const shown = { key: 'inbox||', items: [th(4, 40), th(3, 30)], next: '' };
    const out = merge(shown, { items: [th(9, 50), th(4, 40), th(3, 30)] });
    expect(out.items.map((m) => m.id)).toEqual([9, 4, 3]);
    expect(out.next).toBe('');
  });
});
