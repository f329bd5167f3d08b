// The calls of the discussion part (app/communities/handlers_comments.go, handlers_polls.go).
import { del, get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';

export type CommentPage = Resp<'listComments'>;
export type Comment = CommentPage['items'][number];
export type PollView = Resp<'getPoll'>;
export type PollRequest = Body<'createPoll'>;

export type Sort = 'latest' | 'oldest';

export const listComments = (postId: number, sort: Sort, after = '') =>
  get<CommentPage>(`/comments?postId=${postId}&sort=${sort}${after ? `&after=${encodeURIComponent(after)}` : ''}`);

export const listReplies = (id: number, after = '') =>
  get<CommentPage>(`/comments/${id}/replies${after ? `?after=${encodeURIComponent(after)}` : ''}`);

export const createComment = (postId: number, body: string, parentId?: number) =>
  post<Comment>('/comments', parentId ? { postId, parentId, body } : { postId, body });

export const editComment = (id: number, body: string) => put<Comment>(`/comments/${id}`, { body });

export const deleteComment = (id: number) => del<void>(`/comments/${id}`);

/** A moderator's decision (the moderation part's API). */
export const removeComment = (id: number, reason: string) =>
  post<unknown>('/moderation/actions', { targetType: 'comment', targetId: id, action: 'remove', reason });

export const getPostPoll = (postId: number) => get<Resp<'getPostPoll'>>(`/polls?postId=${postId}`);

export const vote = (pollId: number, optionIds: number[]) => post<PollView>(`/polls/${pollId}/votes`, { optionIds });

export const closePoll = (pollId: number) => post<PollView>(`/polls/${pollId}/close`, {});

export const createPoll = (req: PollRequest) => post<PollView>('/polls', req);

export const updatePoll = (pollId: number, req: PollRequest) => put<PollView>(`/polls/${pollId}`, req);
