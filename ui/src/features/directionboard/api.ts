// The Direction Board's API (app/directionboard/handlers.go). The web app's attempt key rides in
// an HttpOnly cookie the server sets, so these calls need nothing but the attempt id.
import { get, post, put } from '../../lib/api';
import type { Body, Resp, Schema } from '../../lib/apitypes';

export type ScalePoint = Schema<'DirectionboardScalePoint'>;

export type Item = Schema<'DirectionboardItemView'>;

/** Answers by item id, each 1–5. */
export type Answers = Record<string, number>;

/** An attempt; `now` is the server's clock when it answered: the timer corrects for the visitor's clock with it. */
export type Attempt = Resp<'startAttempt'>;

export type Test = Resp<'getDirectionBoard'>;

export type TypeResult = Schema<'DirectionboardTypeResult'>;

/** A result; `types` are all six types, strongest first, with their descriptions in the request's language. */
export type Result = Resp<'getAttemptResult'>;

export type PastResult = Schema<'DirectionboardPastResultView'>;

/** The admin's figures; finishRate is 0–1. */
export type Stats = Resp<'getDirectionBoardStats'>;

const base = '/direction-board';
const attempt = (id: string) => `${base}/attempts/${encodeURIComponent(id)}`;

export const boardApi = {
  test: () => get<Test>(base),
  start: () => post<Attempt>(`${base}/attempts`),
  save: (id: string, answers: Answers) => put<Resp<'saveAnswers'>>(`${attempt(id)}/answers`, { answers } satisfies Body<'saveAnswers'>),
  finish: (id: string, confirm: boolean) => post<Resp<'finishAttempt'>>(`${attempt(id)}/finish`, { confirm } satisfies Body<'finishAttempt'>),
  result: (id: string) => get<Result>(`${attempt(id)}/result`),
  shared: (token: string) => get<Resp<'getSharedResult'>>(`${base}/results/${encodeURIComponent(token)}`),
  email: (id: string, body: Body<'emailAttemptResult'>) =>
    post<Resp<'emailAttemptResult'>>(`${attempt(id)}/email`, body),
  mine: () => get<Resp<'listMyResults'>>('/account/direction-board'),
  stats: (days?: number) => get<Stats>(`/admin/direction-board/stats${days ? `?days=${days}` : ''}`),
};

/** The URL the web app's answers go to, for the last save of a closing page (fetch keepalive). */
export const answersUrl = (id: string) => `/api${attempt(id)}/answers`;
