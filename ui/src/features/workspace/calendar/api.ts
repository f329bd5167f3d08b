// The calls of the calendar and appointments pages (app/workspace/calendar/module.go).
import { del, get, post, put } from '../../../lib/api';
import type { Body, Resp } from '../../../lib/apitypes';

export type CalendarItem = Resp<'listCalendarItems'>['items'][number];
export type EventBody = Body<'createCalendarEvent'>;
export type Booking = Resp<'createBooking'>;
export type Availability = Resp<'getBookingAvailability'>;
export type Host = Resp<'listBookingHosts'>['items'][number];
export type Slot = Resp<'listBookingSlots'>['items'][number];
export type Feed = Resp<'getCalendarFeed'>;

const q = encodeURIComponent;

export const listItems = (from: string, to: string) => get<Resp<'listCalendarItems'>>(`/calendar?from=${q(from)}&to=${q(to)}`);
export const createEvent = (body: EventBody) => post<Resp<'createCalendarEvent'>>('/calendar/events', body);
export const updateEvent = (id: number, body: EventBody) => put<Resp<'updateCalendarEvent'>>(`/calendar/events/${id}`, body);
export const deleteEvent = (id: number) => del<void>(`/calendar/events/${id}`);
export const respond = (id: number, response: 'accepted' | 'declined') =>
  post<Resp<'respondCalendarInvitation'>>(`/calendar/events/${id}/response`, { response });
export const getFeed = () => get<Feed>('/calendar/feed');
export const makeFeed = () => post<Feed>('/calendar/feed', {});
export const revokeFeed = () => del<void>('/calendar/feed');

export const getAvailability = () => get<Availability>('/booking/availability');
export const saveAvailability = (a: Availability) => put<Availability>('/booking/availability', a);
export const hostDay = (day: string) => get<Resp<'getBookingDay'>>(`/booking/day?day=${q(day)}`);
export const noShow = (id: number) => post<Booking>(`/booking/bookings/${id}/no-show`, {});
export const listHosts = () => get<Resp<'listBookingHosts'>>('/booking/hosts');
export const listSlots = (host: number, from: string, days = 7) =>
  get<Resp<'listBookingSlots'>>(`/booking/hosts/${host}/slots?from=${q(from)}&days=${days}`);
export const book = (hostId: number, start: string, note: string) => post<Booking>('/booking/bookings', { hostId, start, note });
export const myBookings = () => get<Resp<'listMyBookings'>>('/booking/mine');
export const cancelBooking = (id: number) => post<Booking>(`/booking/bookings/${id}/cancel`, {});
export const reschedule = (id: number, start: string) => post<Booking>(`/booking/bookings/${id}/reschedule`, { start });
/** Where an appointment may be moved in [from, to): the host's free slots, its own included. */
export const moveSlots = (id: number, from: string, to: string) =>
  get<Resp<'listRescheduleSlots'>>(`/booking/bookings/${id}/slots?from=${q(from)}&to=${q(to)}`);
