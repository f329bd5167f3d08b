// The calls of interviews (app/workspace/interviews/module.go): staff on the applicant board,
// the applicant on their applications page.
import { get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';

export type Interview = Resp<'scheduleInterview'>;
export type InterviewList = Resp<'listApplicationInterviews'>;
export type ScheduleBody = Body<'scheduleInterview'>;

export const listForApplication = (appId: number) => get<InterviewList>(`/org/applications/${appId}/interviews`);
export const scheduleInterview = (appId: number, body: ScheduleBody) => post<Interview>(`/org/applications/${appId}/interviews`, body);
export const rescheduleInterview = (id: number, body: ScheduleBody) => put<Interview>(`/org/interviews/${id}`, body);
export const cancelAsStaff = (id: number, reason: string) => post<Interview>(`/org/interviews/${id}/cancel`, { reason });

export const listMine = () => get<Resp<'listMyInterviews'>>('/me/interviews');
export const confirmInterview = (id: number) => post<Interview>(`/me/interviews/${id}/confirm`, {});
export const askChange = (id: number, message: string) => post<Interview>(`/me/interviews/${id}/change`, { message });
export const cancelMine = (id: number, reason: string) => post<Interview>(`/me/interviews/${id}/cancel`, { reason });
