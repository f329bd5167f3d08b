// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventWords, merge, type ThreadSummary, timeline } from './api';

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

describe('timeline and eventWords', () => {
  const msg = (id: number, draft = false) => ({ id, draft }) as unknown as import('./api').Message;
  const ev = (id: number, afterMessageId: number, extra: Partial<import('./api').ThreadEvent> = {}): import('./api').ThreadEvent => ({
    id,
    kind: 'left',
    actorId: 7,
    actorName: 'Bold',
    subjectId: 0,
    subjectName: '',
    afterMessageId,
    createdAt: '2026-11-27T10:00:00Z',
    ...extra,
  });
  const shape = (items: ReturnType<typeof timeline>) => items.map((x) => (x.event ? `e${x.event.id}` : `m${x.message.id}`));

  it('puts each event after the letter it followed, before the next', () => {
    expect(shape(timeline([msg(1), msg(2), msg(5)], [ev(2, 2), ev(1, 1)]))).toEqual(['m1', 'e1', 'm2', 'e2', 'm5']);
  });
  it('keeps events after the last letter at the end, and drafts do not move them', () => {
    expect(shape(timeline([msg(1), msg(3, true)], [ev(1, 1)]))).toEqual(['m1', 'm3', 'e1']);
    expect(shape(timeline([msg(1), msg(3, true), msg(4)], [ev(1, 1)]))).toEqual(['m1', 'm3', 'e1', 'm4']);
  });
  it('puts events older than the letters shown first', () => {
    expect(shape(timeline([msg(10)], [ev(1, 3)]))).toEqual(['e1', 'm10']);
  });
  it('words an event for its reader', () => {
    expect(eventWords(ev(1, 1), 7, 'Deleted')).toEqual({ key: 'leftYou', vars: {} });
    expect(eventWords(ev(1, 1), 8, 'Deleted')).toEqual({ key: 'left', vars: { name: 'Bold' } });
    const removed = ev(2, 1, { kind: 'removed', subjectId: 9, subjectName: 'Saraa' });
    expect(eventWords(removed, 9, 'Deleted')).toEqual({ key: 'removedYou', vars: { actor: 'Bold' } });
    expect(eventWords(removed, 7, 'Deleted')).toEqual({ key: 'youRemoved', vars: { name: 'Saraa' } });
    expect(eventWords(removed, 1, 'Deleted')).toEqual({ key: 'removed', vars: { actor: 'Bold', name: 'Saraa' } });
    expect(eventWords({ ...removed, actorId: 0, actorName: '' }, 1, 'Deleted')).toEqual({ key: 'removed', vars: { actor: 'Deleted', name: 'Saraa' } });
  });
});
