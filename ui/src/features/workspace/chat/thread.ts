// The open conversation's messages, kept right whatever order the answers and the stream's
// events come in. A message only moves forward (sent → edited → deleted), so two copies of one
// message are merged by keeping the later; a thread is never replaced by a fetch's answer,
// only merged with it (an answer read before a live message arrived must not take it away).
import type { Message } from './api';

/** The later of two copies of one message: deleted beats edited beats sent; a later edit beats an earlier one. */
export function later(a: Message, b: Message): Message {
  if (a.deleted !== b.deleted) return a.deleted ? a : b;
  const ea = a.editedAt ? Date.parse(a.editedAt) : 0;
  const eb = b.editedAt ? Date.parse(b.editedAt) : 0;
  return eb > ea ? b : a;
}

/** base and incoming merged by id (the later copy of each), oldest first. */
export function merge(base: Message[], incoming: Message[]): Message[] {
  if (!incoming.length) return base;
  const byId = new Map<number, Message>();
  for (const m of base) byId.set(m.id, m);
  for (const m of incoming) {
    const old = byId.get(m.id);
    byId.set(m.id, old ? later(old, m) : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface Thread {
  id: number;
  items: Message[];
  before: number;
}

/**
 * A page of a conversation's messages (newest first, as the API answers) taken into the
 * thread: merged with what the thread of that conversation already holds and with the live
 * messages that came for it (seen), never losing one the answer did not know yet. Live
 * messages older than the page are left out (they belong to older pages).
 */
export function withPage(th: Thread, id: number, page: { items: Message[]; before?: number }, seen: Message[] = []): Thread {
  const items = [...page.items].reverse();
  const oldest = page.before ? (items[0]?.id ?? 0) : 0;
  const live = seen.filter((m) => m.conversationId === id && m.id >= oldest);
  if (th.id !== id) return { id, items: merge(items, live), before: page.before ?? 0 };
  return { id, items: merge(merge(th.items, items), live), before: th.before };
}

/** A live message (new, edited or deleted) taken into the thread when it is that conversation's. */
export function withMessage(th: Thread, m: Message): Thread {
  return th.id === m.conversationId ? { ...th, items: merge(th.items, [m]) } : th;
}
