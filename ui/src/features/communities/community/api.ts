// The calls of the communities part (app/communities/communities_module.go): communities,
// membership, forums, follows and profiles. Types come from the API document.
import { del, get, post, put } from '../../../lib/api';
import type { Body, Resp, Schema } from '../../../lib/apitypes';

export type CommunityList = Resp<'listCommunities'>;
export type CommunitySummary = Schema<'CommunitiesCommunitySummary'>;
export type CommunityDetail = Resp<'getCommunity'>;
export type ForumView = Schema<'CommunitiesForumView'>;
export type ForumPage = Resp<'getForum'>;
export type TopicView = Schema<'CommunitiesTopicView'>;
export type MemberList = Resp<'listCommunityMembers'>;
export type MemberView = Schema<'CommunitiesMemberView'>;
export type MyCommunities = Resp<'listMyCommunities'>;
export type CommunityQueue = Resp<'getCommunityQueue'>;
export type CommunityRequest = Body<'createCommunity'>;
export type ForumRequest = Body<'createForum'>;
export type FollowState = Resp<'follow'>;
export type FollowList = Resp<'listMyFollows'>;
export type ProfileView = Resp<'getProfile'>;
export type MyProfile = Resp<'getMyCommunityProfile'>;
export type FollowTarget = 'community' | 'forum' | 'topic';
export type Role = 'admin' | 'moderator' | 'member';

/** What a communities page carries for the app (<script id="page-data">), the server's CommunityPageData. */
export interface PageData {
  page: 'list' | 'community' | 'forum' | 'profile';
  key: string;
  list?: CommunityList;
  community?: CommunityDetail;
  forum?: ForumPage;
  profile?: ProfileView;
}

const enc = encodeURIComponent;
const qs = (params: Record<string, string>) => {
  const s = new URLSearchParams(Object.entries(params).filter(([, v]) => v)).toString();
  return s ? `?${s}` : '';
};

export const listCommunities = (q: string, after = '') => get<CommunityList>(`/communities${qs({ q, after })}`);
export const getCommunity = (slug: string) => get<CommunityDetail>(`/communities/${enc(slug)}`);
export const createCommunity = (body: CommunityRequest) => post<CommunityDetail>('/communities', body);
export const requestCommunity = (body: CommunityRequest) => post<CommunityDetail>('/communities/requests', body);
export const updateCommunity = (slug: string, body: CommunityRequest) => put<CommunityDetail>(`/communities/${enc(slug)}`, body);
export const myCommunities = () => get<MyCommunities>('/me/communities');
export const communityQueue = (status: string) => get<CommunityQueue>(`/admin/communities${qs({ status })}`);
export const decideCommunity = (id: number, status: 'active' | 'rejected' | 'suspended', reason = '') =>
  post<CommunityDetail>(`/admin/communities/${id}/status`, { status, reason });

export const join = (slug: string) => put<CommunityDetail>(`/communities/${enc(slug)}/membership`, {});
export const leave = (slug: string) => del<CommunityDetail>(`/communities/${enc(slug)}/membership`);
export const listMembers = (slug: string, status = '', after = '') =>
  get<MemberList>(`/communities/${enc(slug)}/members${qs({ status, after })}`);
export const setRole = (slug: string, user: number, role: Role) => put<MemberView>(`/communities/${enc(slug)}/members/${user}/role`, { role });
export const decideJoin = (slug: string, user: number, approve: boolean) =>
  post<Resp<'decideCommunityJoin'>>(`/communities/${enc(slug)}/members/${user}/decision`, { approve });

export const getForum = (slug: string, forum: string, after = '') => get<ForumPage>(`/communities/${enc(slug)}/forums/${enc(forum)}${qs({ after })}`);
export const createForum = (slug: string, body: ForumRequest) => post<ForumView>(`/communities/${enc(slug)}/forums`, body);
export const updateForum = (slug: string, forum: string, body: ForumRequest) => put<ForumView>(`/communities/${enc(slug)}/forums/${enc(forum)}`, body);
export const deleteForum = (slug: string, forum: string) => del<void>(`/communities/${enc(slug)}/forums/${enc(forum)}`);
export const reorderForums = (slug: string, forumIds: number[]) => put<CommunityDetail>(`/communities/${enc(slug)}/forums/order`, { forumIds });

export const follow = (targetType: FollowTarget, targetId: number, email: boolean) => put<FollowState>('/me/follows', { targetType, targetId, email });
export const unfollow = (targetType: FollowTarget, targetId: number) => del<FollowState>(`/me/follows/${targetType}/${targetId}`);
export const myFollows = () => get<FollowList>('/me/follows');

export const getProfile = (handle: string) => get<ProfileView>(`/profiles/${enc(handle)}`);
export const getMyProfile = () => get<MyProfile>('/me/profile');
export const saveMyProfile = (handle: string, bio: string) => put<MyProfile>('/me/profile', { handle, bio });
