// The calls of the events part (app/communities/events_module.go): a community's events, one
// event, creating, changing and cancelling (its admins and moderators), answering (members).
import { get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';

export type EventList = Resp<'listCommunityEvents'>;
export type EventView = Resp<'getCommunityEvent'>;
export type EventRequest = Body<'createCommunityEvent'>;
export type Answer = 'going' | 'not_going';

const enc = encodeURIComponent;
const base = (slug: string) => `/communities/${enc(slug)}/events`;

export const listEvents = (slug: string, after = '') => get<EventList>(`${base(slug)}${after ? `?after=${enc(after)}` : ''}`);
export const getEvent = (slug: string, id: string) => get<EventView>(`${base(slug)}/${enc(id)}`);
export const createEvent = (slug: string, body: EventRequest) => post<EventView>(base(slug), body);
export const updateEvent = (slug: string, id: number, body: EventRequest) => put<EventView>(`${base(slug)}/${id}`, body);
export const cancelEvent = (slug: string, id: number, reason: string) => post<EventView>(`${base(slug)}/${id}/cancel`, { reason });
export const answerEvent = (slug: string, id: number, answer: Answer) => put<EventView>(`${base(slug)}/${id}/rsvp`, { answer });
