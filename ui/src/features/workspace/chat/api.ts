// The chat's calls (app/workspace/chat), its live stream and the queue of messages written
// while offline.
import { del, get, patch, post, type ApiError } from '../../../lib/api';
import type { Body, Resp, Schema } from '../../../lib/apitypes';

export type Conversation = Schema<'ChatConversationView'>;
export type Message = Schema<'ChatMessageView'>;
export type Contact = Schema<'ChatContactView'>;
export type ConversationList = Resp<'listChatConversations'>;

/** One event of GET /api/chat/events (the Go type chat.Event; the stream is not JSON, so not in the API document's types). */
export interface ChatEvent {
  id: number;
  type: 'ready' | 'message' | 'edited' | 'deleted' | 'delivered' | 'read' | 'typing';
  conversationId?: number;
  message?: Message;
  userId?: number;
  messageId?: number;
}

export const listConversations = () => get<ConversationList>('/chat/conversations');
export const listSupport = () => get<Resp<'listSupportConversations'>>('/chat/support');
export const getConversation = (id: number) => get<Resp<'getChatConversation'>>(`/chat/conversations/${id}`);
export const startConversation = (body: Body<'createChatConversation'>) => post<Conversation>('/chat/conversations', body);
export const startSupport = () => post<Conversation>('/chat/support', {});
export const contacts = (q: string) => get<Resp<'listChatContacts'>>(`/chat/contacts?${new URLSearchParams({ q })}`);
export const listMessages = (id: number, before = 0) =>
  get<Resp<'listChatMessages'>>(`/chat/conversations/${id}/messages${before ? `?before=${before}` : ''}`);
export const sendMessage = (id: number, body: Body<'sendChatMessage'>) => post<Message>(`/chat/conversations/${id}/messages`, body);
export const editMessage = (id: number, body: string) => patch<Message>(`/chat/messages/${id}`, { body });
export const deleteMessage = (id: number) => del<Message>(`/chat/messages/${id}`);
export const markRead = (id: number, messageId: number) => post<Resp<'markChatRead'>>(`/chat/conversations/${id}/read`, { messageId });
export const typing = (id: number) => post<void>(`/chat/conversations/${id}/typing`, {});
export const addMembers = (id: number, userIds: number[]) => post<Conversation>(`/chat/conversations/${id}/members`, { userIds });
export const removeMember = (id: number, userId: number) => del<Conversation>(`/chat/conversations/${id}/members/${userId}`);
export const leaveGroup = (id: number) => post<Conversation>(`/chat/conversations/${id}/leave`, {});
export const renameGroup = (id: number, title: string) => patch<Conversation>(`/chat/conversations/${id}`, { title });
export const uploadAttachment = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return post<Resp<'uploadChatAttachment'>>('/chat/attachments', form);
};
export const attachmentHref = (messageId: number) => `/api/chat/messages/${messageId}/attachment`;

/** A message waiting to be sent: kept in localStorage so a reload does not lose it. */
export interface Queued {
  clientId: string;
  conversationId: number;
  body: string;
  fileId?: number;
  failed?: string;
}

const QUEUE_KEY = 'gerege.chat.queue';

export const newClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export function loadQueue(): Queued[] {
  try {
    const v = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export function saveQueue(q: Queued[]): void {
  try {
    localStorage.setItem(QUEUE_KEY, JSON.stringify(q));
  } catch {
    // private mode or full: the queue lives in memory only
  }
}

/** Whether a failed send is worth retrying later (no connection, or the server was away), not a refusal. */
export const retriable = (err: ApiError): boolean => !err.status || err.status >= 500 || err.status === 429;

/**
 * Sends the queue in order, one at a time: a message is sent again with the same client id
 * until the server answers (so a retry never makes a second copy). Stops at the first that
 * cannot go yet (offline); a refused one is marked failed and skipped.
 */
export async function flushQueue(queue: Queued[], onSent: (q: Queued, m: Message) => void, onChange: (q: Queued[]) => void): Promise<Queued[]> {
  let rest = [...queue];
  while (rest.length) {
    const q = rest[0];
    if (q.failed) {
      rest = [...rest.slice(1), q];
      if (rest.every((x) => x.failed)) break;
      continue;
    }
    try {
      const m = await sendMessage(q.conversationId, { clientId: q.clientId, body: q.body, fileId: q.fileId });
      rest = rest.slice(1);
      onSent(q, m);
    } catch (e) {
      const err = e as ApiError;
      if (retriable(err)) break;
      rest = [{ ...q, failed: err.message }, ...rest.slice(1)];
    }
    saveQueue(rest);
    onChange(rest);
  }
  saveQueue(rest);
  return rest;
}
