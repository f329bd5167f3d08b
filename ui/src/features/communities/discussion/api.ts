// The calls of the discussion part (app/communities/handlers_comments.go, handlers_polls.go).
import { del, get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';

// The server never sends null for a list (Go slices are made non-nil in the views), though the
// generated types allow it: these types say what the answers are.
type Lists<T> = T extends readonly (infer U)[] ? Lists<U>[] : T extends object ? { [K in keyof T]: Field<T[K]> } : T;
type Field<F> = [Exclude<F, null>] extends [readonly unknown[]] ? Lists<Exclude<F, null>> : Lists<F>;

export type CommentPage = Lists<Resp<'listComments'>>;
export type Comment = CommentPage['items'][number];
export type PollView = Lists<Resp<'getPoll'>>;
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

export const getPostPoll = (postId: number) => get<Lists<Resp<'getPostPoll'>>>(`/polls?postId=${postId}`);

export const vote = (pollId: number, optionIds: number[]) => post<PollView>(`/polls/${pollId}/votes`, { optionIds });

export const closePoll = (pollId: number) => post<PollView>(`/polls/${pollId}/close`, {});

export const createPoll = (req: PollRequest) => post<PollView>('/polls', req);

export const updatePoll = (pollId: number, req: PollRequest) => put<PollView>(`/polls/${pollId}`, req);
