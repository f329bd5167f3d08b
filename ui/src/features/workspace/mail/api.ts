// The mailbox's calls (app/workspace/mail).
import { del, get, patch, post } from '../../../lib/api';
import type { Body, Resp, Schema } from '../../../lib/apitypes';

export type ThreadSummary = Schema<'MailThreadSummary'>;
export type Thread = Schema<'MailThreadView'>;
export type Message = Schema<'MailMessageView'>;
export type ThreadEvent = Schema<'MailEventView'>;
export type Label = Schema<'MailLabelView'>;
export type Folders = Resp<'listMailLabels'>;
export type Contact = Schema<'MailContactView'>;
export type Letter = Body<'sendMail'>;
export type Action = Body<'modifyMail'>['action'];

/** An event of the workspace's live stream opened for mail (GET /api/chat/events?topics=mail): ready, a letter arrived in threadId (mail), or the mailbox changed otherwise (mailChanged: someone left threadId or was removed; threadId 0: the person sent, read, moved or labelled letters on another device). */
export interface MailEvent {
  type: string;
  threadId?: number;
}

/** The list shown, with what the list's first page says now: the new page first, then what was shown further down (older than the page's last thread), so "Show more" pages already opened stay. */
export function merge(shown: { key: string; items: ThreadSummary[]; next: string }, page: Resp<'listMail'>) {
  const ids = new Set(page.items.map((m) => m.id));
  const last = page.items[page.items.length - 1];
  const at = (m: ThreadSummary) => Date.parse(m.lastAt);
  const older = (m: ThreadSummary) => !!last && (at(m) < at(last) || (at(m) === at(last) && m.id < last.id));
  const rest = page.next ? shown.items.filter((m) => !ids.has(m.id) && older(m)) : [];
  return { key: shown.key, items: [...page.items, ...rest], next: rest.length ? shown.next : (page.next ?? '') };
}

/** Where a list comes from: a folder or one of the person's labels, and the words searched. */
export interface Where {
  folder: string;
  label: number;
  q: string;
}

export const listMail = (w: Where, after = '') => {
  const p = new URLSearchParams();
  if (w.label) p.set('label', String(w.label));
  else p.set('folder', w.folder);
  if (w.q) p.set('q', w.q);
  if (after) p.set('after', after);
  return get<Resp<'listMail'>>(`/mail/list?${p}`);
};
export const getThread = (id: number) => get<Thread>(`/mail/details?id=${id}`);
export const listFolders = () => get<Folders>('/mail/labels');
export const createLabel = (name: string) => post<Label>('/mail/labels', { name });
export const renameLabel = (id: number, name: string) => patch<Label>(`/mail/labels/${id}`, { name });
export const deleteLabel = (id: number) => del<void>(`/mail/labels/${id}`);
export const sendLetter = (body: Letter) => post<Resp<'sendMail'>>('/mail/send', body);
export const saveDraft = (body: Letter) => post<Resp<'saveMailDraft'>>('/mail/drafts', body);
export const deleteDraft = (id: number) => del<void>(`/mail/drafts/${id}`);
export const modify = (threadIds: number[], action: Action, labelId?: number) =>
  post<Resp<'modifyMail'>>('/mail/modify', { threadIds, action, labelId });
export const leaveThread = (id: number) => post<void>(`/mail/threads/${id}/leave`, {});
export const removePerson = (id: number, person: number) => del<void>(`/mail/threads/${id}/people/${person}`);
export const contacts = (q: string) => get<Resp<'listMailContacts'>>(`/mail/contacts?${new URLSearchParams({ q })}`);
export const uploadAttachment = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return post<Resp<'uploadMailAttachment'>>('/mail/attachments', form);
};
export const attachmentHref = (messageId: number, fileId: number) => `/api/mail/messages/${messageId}/attachments/${fileId}`;

/** The folders in the sidebar's order ("all" is where a search looks). */
export const FOLDERS = ['inbox', 'starred', 'important', 'sent', 'drafts', 'archive', 'all', 'trash'] as const;

/** The quoted text a reply or forward starts from. */
export function quote(m: Message, header: string): string {
  return `\n\n${header}\n${m.body
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}`;
}

/** One row of an open thread: a letter, or a change of its people. */
export type TimelineItem = { message: Message; event?: undefined } | { event: ThreadEvent; message?: undefined };

/** The thread's letters (oldest first) with its events where they happened: an event comes after the newest sent letter it followed (afterMessageId) and before the next one; events older than every letter shown come first, the others after the last. Drafts do not move events. */
export function timeline(messages: Message[], events: ThreadEvent[]): TimelineItem[] {
  const queue = [...events].sort((a, b) => a.id - b.id);
  const out: TimelineItem[] = [];
  let i = 0;
  for (const m of messages) {
    if (!m.draft) while (i < queue.length && queue[i].afterMessageId < m.id) out.push({ event: queue[i++] });
    out.push({ message: m });
  }
  while (i < queue.length) out.push({ event: queue[i++] });
  return out;
}

/** The words of a thread's event for the reader me: the catalog key under the page's "people" and its values (names of deleted accounts given by the caller). */
export function eventWords(e: ThreadEvent, me: number, deleted: string): { key: string; vars: Record<string, string> } {
  const actor = e.actorName || deleted;
  const name = e.subjectName || deleted;
  if (e.kind === 'left') return e.actorId === me ? { key: 'leftYou', vars: {} } : { key: 'left', vars: { name: actor } };
  if (e.subjectId === me) return { key: 'removedYou', vars: { actor } };
  if (e.actorId === me) return { key: 'youRemoved', vars: { name } };
  return { key: 'removed', vars: { actor, name } };
}
