// The calls of the public and applicant opportunities pages (app/opportunities/module.go).
import { del, get, post, put } from '../../lib/api';
import type { ApplyRequest, Detail, MyApplication, MyApplications, MyFileChoices, Options, Page, PublicOrg } from './types';

const enc = encodeURIComponent;

/** GET /api/opportunities with the search's query string (see filters.ts). */
export const searchOpportunities = (query: string) => get<Page>(`/opportunities${query ? `?${query}` : ''}`);

/** The vocabularies with labels in the request's language (one request per page load). */
let optionsOnce: { lang: string; promise: Promise<Options> } | undefined;
export function getOptions(lang: string): Promise<Options> {
  if (optionsOnce?.lang !== lang) {
    const promise = get<Options>('/opportunities/options');
    optionsOnce = { lang, promise };
    promise.catch(() => (optionsOnce = undefined));
  }
  return optionsOnce.promise;
}

export const getOpportunity = (slug: string) => get<Detail>(`/opportunities/${enc(slug)}`);

export const getOrganization = (slug: string) => get<PublicOrg>(`/organizations/${enc(slug)}`);

export const saveOpportunity = (slug: string) => put<void>(`/opportunities/${enc(slug)}/saved`, {});

export const unsaveOpportunity = (slug: string) => del<void>(`/opportunities/${enc(slug)}/saved`);

/** The documents an application can carry, by the form field the server reads. */
export type DocumentKind = 'cv' | 'cover_letter' | 'transcript';

/**
 * POST /api/opportunities/{slug}/applications: JSON when there is no file, else
 * multipart/form-data with the JSON in "application" and the files by their kind.
 */
export function apply(slug: string, body: ApplyRequest, files: Partial<Record<DocumentKind, File>>) {
  const path = `/opportunities/${enc(slug)}/applications`;
  const attached = Object.entries(files).filter(([, f]) => f);
  if (!attached.length) return post<MyApplication>(path, body);
  const form = new FormData();
  form.set('application', JSON.stringify(body));
  for (const [kind, file] of attached) form.set(kind, file as File);
  return post<MyApplication>(path, form);
}

/** GET /api/me/application-files: the caller's own files (My files) an application takes, newest first. */
export const myApplicationFiles = (after = '') => get<MyFileChoices>(`/me/application-files${after ? `?after=${enc(after)}` : ''}`);

export const myApplications = (after = '') => get<MyApplications>(`/me/applications${after ? `?after=${enc(after)}` : ''}`);

export const withdrawApplication = (id: number) => post<MyApplication>(`/me/applications/${id}/withdraw`, {});

/** Where the applicant downloads a document they sent. */
export const documentUrl = (app: number, file: number) => `/api/me/applications/${app}/documents/${file}`;
