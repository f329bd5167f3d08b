// The posts part's calls (app/communities/posts_module.go) and their shapes, aliases of the
// generated types (lib/apitypes.ts).
import { del, get, post, put } from '../../../lib/api';
import type { Body, Resp, Schema } from '../../../lib/apitypes';

export type PostSummary = Schema<'CommunitiesPostSummary'>;
export type PostPage = Resp<'listPosts'>;
export type PostDetail = Resp<'getPost'>;
export type PostEditor = Resp<'getMyPost'>;
export type PostRequest = Body<'createPost'>;
export type PostStatusRequest = Body<'setPostStatus'>;

const enc = encodeURIComponent;

/** GET /api/post/list with filters (community, tag, lang, platform, after). */
export const listPosts = (query: string) => get<PostPage>(`/post/list${query ? `?${query}` : ''}`);
export const searchPosts = (q: string, after = '') =>
  get<PostPage>(`/post/search?q=${enc(q)}${after ? `&after=${enc(after)}` : ''}`);
export const getPost = (slug: string) => get<PostDetail>(`/post/details?slug=${enc(slug)}`);

export const myPosts = (after = '') => get<PostPage>(`/me/posts${after ? `?after=${enc(after)}` : ''}`);
export const getMyPost = (slug: string) => get<PostEditor>(`/me/posts/${enc(slug)}`);
export const createPost = (body: PostRequest) => post<PostEditor>('/me/posts', body);
export const updatePost = (slug: string, body: PostRequest) => put<PostEditor>(`/me/posts/${enc(slug)}`, body);
export const deletePost = (slug: string) => del<void>(`/me/posts/${enc(slug)}`);
export const setPostStatus = (slug: string, body: PostStatusRequest) => post<PostEditor>(`/me/posts/${enc(slug)}/status`, body);
export function uploadCover(slug: string, file: File) {
  const form = new FormData();
  form.set('cover', file);
  return post<PostEditor>(`/me/posts/${enc(slug)}/cover`, form);
}
export const removeCover = (slug: string) => del<PostEditor>(`/me/posts/${enc(slug)}/cover`);
export type TopicSettings = Body<'setTopicSettings'>;
export const setTopicSettings = (slug: string, body: TopicSettings) => put<PostDetail>(`/topics/${enc(slug)}/settings`, body);
export const createTopic = (body: Body<'createTopic'>) => post<PostDetail>('/topics', body);
