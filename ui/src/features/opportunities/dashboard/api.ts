// The dashboard's calls to the opportunities API (app/opportunities/module.go).
import { get, post, put } from '../../../lib/api';
import type { ApplicantDetail, DecisionResult, Editor, MoveResult, OrgPage, OrgRequest, OrgView, Pipeline, Posting, Queue } from './types';

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** The organisation's postings; `kinds` (comma-separated) keeps a group of kinds, `kind` one. */
export const listPostings = (f: { status?: string; kind?: string; kinds?: string; q?: string; after?: string }) => get<OrgPage>(`/org/opportunities${qs(f)}`);
export const getPosting = (id: number | string) => get<Editor>(`/org/opportunities/${id}`);
export const createPosting = (p: Posting) => post<Editor>('/org/opportunities', p);
export const updatePosting = (id: number | string, p: Posting) => put<Editor>(`/org/opportunities/${id}`, p);
export const setPostingStatus = (id: number | string, status: string) => post<Editor>(`/org/opportunities/${id}/status`, { status });

export const getOrg = () => get<OrgView>('/org/profile');
export const saveOrg = (req: OrgRequest) => put<OrgView>('/org/profile', req);

export interface PipelineFilter {
  opportunity?: string;
  status?: string;
}
export const pipelineQuery = (f: PipelineFilter, extra: Record<string, string | number | undefined> = {}) =>
  qs({ opportunity: f.opportunity, status: f.status, ...extra });
export const listApplicants = (f: PipelineFilter, after?: string) => get<Pipeline>(`/org/applications${pipelineQuery(f, { after, limit: 500 })}`);
export const getApplicant = (id: number) => get<ApplicantDetail>(`/org/applications/${id}`);
export const moveApplicants = (ids: number[], status: string, message = '') => post<MoveResult>('/org/applications/status', { ids, status, message });
export const addNote = (id: number, note: string) => post<ApplicantDetail>(`/org/applications/${id}/notes`, { note });
export const setLabels = (id: number, labels: string[]) => put<ApplicantDetail>(`/org/applications/${id}/labels`, { labels });
/** The export of the board's current filter (GET /api/org/applications/export.{csv,xlsx}). */
export const exportHref = (f: PipelineFilter, format: 'csv' | 'xlsx') => `/api/org/applications/export.${format}${pipelineQuery(f)}`;

export const getQueue = () => get<Queue>('/admin/opportunities/queue');
export const decide = (ids: number[], decision: 'approve' | 'return', reason = '') =>
  post<DecisionResult>('/admin/opportunities/decisions', { ids, decision, reason });
export const decideOrg = (id: number, status: 'verified' | 'returned' | 'suspended', reason = '') =>
  post<OrgView>(`/admin/organizations/${id}/status`, { status, reason });
