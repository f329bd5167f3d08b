import { act, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, resources } from '../../../test/render';
import { configureApi } from '../../../lib/api';
import { createI18n } from '../../../lib/i18n';
import type { User } from '../../../lib/session';
import type { ChatEvent, Conversation, Message } from './api';
import { ChatApp, systemText } from './pages/Chat';
import { merge, withPage } from './thread';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const msg = (id: number, body: string, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: 5,
  senderId: 2,
  senderName: 'Saraa Bat',
  clientId: `client-${id}-abcdef`,
  body,
  createdAt: '2026-11-27T10:00:00Z',
  deleted: false,
  kind: 'text',
  ...extra,
});

const conv: Conversation = {
  id: 5,
  kind: 'direct',
  title: '',
  members: [
    { userId: 1, name: 'Bat Dorj', role: 'member', deliveredId: 0, readId: 0 },
    { userId: 2, name: 'Saraa Bat', role: 'member', deliveredId: 0, readId: 0 },
  ],
  lastMessageAt: '2026-11-27T10:00:00Z',
  unread: 0,
  readId: 0,
  member: true,
  adminId: 0,
  former: false,
};

/** The page's one EventSource, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  emit(ev: ChatEvent) {
    this.onmessage?.({ data: JSON.stringify(ev) } as MessageEvent<string>);
  }
  close() {}
}

afterEach(() => {
  configureApi({ baseURL: '/api', fetch: undefined });
  vi.unstubAllGlobals();
});

describe('the open conversation', () => {
  it('keeps a live message that arrives while its page is being fetched (the answer was read before it)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.includes('/chat/conversations/5/messages')) return new Promise<Response>((resolve) => (answer = resolve));
      if (u.endsWith('/chat/conversations')) return json({ items: [conv], unreadTotal: 0 });
      return json({ readId: 2, unread: 0, unreadTotal: 0 });
    });
    configureApi({ baseURL: '/api', fetch: fetch as typeof globalThis.fetch, i18n: createI18n('en', resources) });
    renderAt(<ChatApp user={{ id: 1, permissions: ['workspace.chat'] } as unknown as User} />, { path: '/en/dashboard/chat?c=5' });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('/messages'))).toBe(true));

    // The server read the page (message 1), then message 2 was sent and its event came first.
    act(() => FakeEventSource.last!.emit({ id: 9, type: 'message', conversationId: 5, message: msg(2, 'the live one') }));
    await act(async () => answer(json({ items: [msg(1, 'the first one')] })));

    await screen.findByText('the first one');
    expect(screen.getByText('the live one')).toBeTruthy();
  });
});

describe('merging a thread', () => {
  it('keeps the later copy of a message whatever the order', () => {
    const sent = msg(1, 'hello');
    const edited = msg(1, 'hello!', { editedAt: '2026-11-27T10:01:00Z' });
    const deleted = msg(1, '', { deleted: true, editedAt: '2026-11-27T10:01:00Z' });
    expect(merge([edited], [sent])[0].body).toBe('hello!');
    expect(merge([deleted], [edited])[0].deleted).toBe(true);
    expect(merge([sent], [edited])[0].body).toBe('hello!');
  });

  it('leaves out live messages older than a full page (they belong to older pages)', () => {
    const th = withPage({ id: 0, items: [], before: 0 }, 5, { items: [msg(60, 'a'), msg(51, 'b')], before: 51 }, [msg(3, 'old'), msg(61, 'new')]);
    expect(th.items.map((m) => m.id)).toEqual([51, 60, 61]);
    expect(th.before).toBe(51);
  });
});

describe('a group\'s system lines', () => {
  it('are worded in the reader\'s language from who did what to whom', () => {
    const line = (kind: Message['kind'], extra: Partial<Message> = {}) => msg(7, '', { kind, senderId: 2, senderName: 'Saraa Bat', subjectId: 3, subjectName: 'Bold Dorj', ...extra });
    const en = createI18n('en', resources).t as unknown as Parameters<typeof systemText>[0];
    const mn = createI18n('mn', resources).t as unknown as Parameters<typeof systemText>[0];
    expect(systemText(en, line('added'), 1)).toBe('Saraa Bat added Bold Dorj');
    expect(systemText(mn, line('added'), 1)).toBe('Saraa Bat бүлэгт гишүүн нэмлээ: Bold Dorj');
    expect(systemText(en, line('removed'), 2)).toBe('You removed Bold Dorj');
    expect(systemText(en, line('removed'), 3)).toBe('Saraa Bat removed you');
    expect(systemText(mn, line('added'), 3)).toBe('Saraa Bat таныг бүлэгт нэмлээ');
    expect(systemText(en, line('left', { subjectId: 1 }), 1)).toBe('You left the group');
    expect(systemText(mn, line('renamed', { body: 'Баг' }), 1)).toBe('Saraa Bat бүлгийн нэрийг өөрчиллөө: «Баг»');
    expect(systemText(en, line('admin', { subjectName: '' }), 1)).toBe('Deleted account is now the group\'s admin');
  });
});
