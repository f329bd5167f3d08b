// The moderation API: reports, the review queue, decisions, appeals, blocks and mutes.
import { del, get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';

export type ReportTarget = Body<'createReport'>['targetType'];
export type Summary = Resp<'getModerationSummary'>;
export type Queue = Resp<'getModerationQueue'>;
export type QueueItem = NonNullable<Queue['items']>[number];
export type Item = Resp<'getModerationItem'>;
export type Appeal = NonNullable<Summary['appeals']>[number];
export type BlockList = Resp<'listBlocks'>;

export const report = (body: Body<'createReport'>) => post<Resp<'createReport'>>('/reports', body);
export const myReports = () => get<Resp<'listMyReports'>>('/me/reports');
export const aboutMe = () => get<Resp<'listDecisionsAboutMe'>>('/me/moderation');
export const appeal = (actionId: number, note: string) => post<Resp<'createAppeal'>>('/moderation/appeals', { actionId, note });
export const summary = () => get<Summary>('/moderation/summary');
export const queue = (community: string, after = '') =>
  get<Queue>(`/moderation/queue?community=${encodeURIComponent(community)}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
export const item = (type: string, id: number) => get<Item>(`/moderation/item?type=${type}&id=${id}`);
export const moderate = (body: Body<'moderate'>) => post<Resp<'moderate'>>('/moderation/actions', body);
export const decideAppeal = (id: number, decision: 'uphold' | 'overturn', reason: string) =>
  post<Resp<'decideAppeal'>>(`/moderation/appeals/${id}/decision`, { decision, reason });
export const stats = () => get<Resp<'getModerationStats'>>('/moderation/stats');
export const blocks = () => get<BlockList>('/me/blocks');
export const setBlock = (userId: number, on: boolean) => (on ? put(`/me/blocks/${userId}`, {}) : del(`/me/blocks/${userId}`));
export const setMute = (userId: number, on: boolean) => (on ? put(`/me/mutes/${userId}`, {}) : del(`/me/mutes/${userId}`));

/** "3 h 12 min left" or "late by 1 h 5 min": the 24-hour clock, counted from the server's time. */
export function clock(dueAt: string, serverNow: string, fetchedAt: number, now: number): { late: boolean; h: number; m: number } {
  const left = Date.parse(dueAt) - (Date.parse(serverNow) + (now - fetchedAt));
  const mins = Math.floor(Math.abs(left) / 60000);
  return { late: left < 0, h: Math.floor(mins / 60), m: mins % 60 };
}
