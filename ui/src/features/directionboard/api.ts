// The Direction Board's API (app/directionboard/handlers.go). The web app's attempt key rides in
// an HttpOnly cookie the server sets, so these calls need nothing but the attempt id.
import { get, post, put } from '../../lib/api';

export interface ScalePoint {
  value: number;
  label: string;
}

export interface Item {
  id: string;
  text: string;
}

/** Answers by item id, each 1–5. */
export type Answers = Record<string, number>;

export interface Attempt {
  id: string;
  startedAt: string;
  deadlineAt: string;
  /** The server's clock when it answered: the timer corrects for the visitor's clock with it. */
  now: string;
  answers: Answers;
  finished: boolean;
  resultToken?: string;
}

export interface Test {
  title: string;
  intro: string;
  instructions: string[];
  scale: ScalePoint[];
  items: Item[];
  timeLimitSeconds: number;
  attempt?: Attempt;
}

export interface TypeResult {
  type: string;
  score: number;
  name: string;
  short: string;
  description: string;
  traits: string[];
  fields: string[];
  careers: string[];
}

export interface Result {
  code: string;
  scores: Record<string, number>;
  order: string[];
  unanswered: number;
  timedOut: boolean;
  finishedAt: string;
  resultToken: string;
  emailed: boolean;
  /** All six types, strongest first, with their descriptions in the request's language. */
  types: TypeResult[];
}

export interface PastResult {
  code: string;
  scores: Record<string, number>;
  finishedAt: string;
  unanswered: number;
  timedOut: boolean;
  resultToken: string;
}

export interface Stats {
  started: number;
  finished: number;
  /** 0–1. */
  finishRate: number;
  byLanguage: Record<string, { started: number; finished: number }>;
  codes: { code: string; count: number }[];
}

const base = '/direction-board';
const attempt = (id: string) => `${base}/attempts/${encodeURIComponent(id)}`;

export const boardApi = {
  test: () => get<Test>(base),
  start: () => post<Attempt>(`${base}/attempts`),
  save: (id: string, answers: Answers) => put<Attempt>(`${attempt(id)}/answers`, { answers }),
  finish: (id: string, confirm: boolean) => post<Result>(`${attempt(id)}/finish`, { confirm }),
  result: (id: string) => get<Result>(`${attempt(id)}/result`),
  shared: (token: string) => get<Result>(`${base}/results/${encodeURIComponent(token)}`),
  email: (id: string, body: { email: string; consent: boolean; again: boolean }) =>
    post<{ message: string }>(`${attempt(id)}/email`, body),
  mine: () => get<{ results: PastResult[] }>('/account/direction-board'),
  stats: (days?: number) => get<Stats>(`/admin/direction-board/stats${days ? `?days=${days}` : ''}`),
};

/** The URL the web app's answers go to, for the last save of a closing page (fetch keepalive). */
export const answersUrl = (id: string) => `/api${attempt(id)}/answers`;
