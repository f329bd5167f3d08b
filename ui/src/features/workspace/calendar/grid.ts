// The calendar's dates, in the browser's time zone: days as "YYYY-MM-DD", weeks from Monday
// (as Mongolian calendars print them), the month as six weeks, and what falls on a day.

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Local midnight of a YYYY-MM-DD day (invalid Date for anything else). */
export function parseDay(day: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return new Date(NaN);
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return ymd(d) === day ? d : new Date(NaN);
}

/** The day n days after day (DST-safe: counts dates, not hours). */
export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  d.setDate(d.getDate() + n);
  return ymd(d);
}

/** The day n months after day, clamped to the month's length. */
export function addMonths(day: string, n: number): string {
  const d = parseDay(day);
  const want = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + n);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(want, last));
  return ymd(d);
}

/** The Monday of day's week. */
export function weekStart(day: string): string {
  const wd = parseDay(day).getDay(); // 0 = Sunday
  return addDays(day, -((wd + 6) % 7));
}

/** The 7 days of day's week, Monday first. */
export const weekDays = (day: string) => Array.from({ length: 7 }, (_, i) => addDays(weekStart(day), i));

/** The 42 days (six weeks, Monday first) that show day's month. */
export function monthDays(day: string): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const start = weekStart(first);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The weekday numbers (0 = Sunday) in display order, Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

export interface Timed {
  start: string;
  end: string;
  allDay?: boolean;
}

/** Whether an item overlaps the local day (an all-day item by its own dates). */
export function onDay(item: Timed, day: string): boolean {
  const from = parseDay(day).getTime();
  const to = parseDay(addDays(day, 1)).getTime();
  const s = new Date(item.start).getTime();
  const e = new Date(item.end).getTime();
  return s < to && e > from;
}

/** The items on a day, by start. */
export const itemsOn = <T extends Timed>(items: T[], day: string) =>
  items.filter((i) => onDay(i, day)).sort((a, b) => a.start.localeCompare(b.start));

/** "HH:MM" of an instant, local. */
export function hhmm(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a local day and "HH:MM" (null when either is not valid). */
export function at(day: string, time: string): string | null {
  const d = parseDay(day);
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (Number.isNaN(d.getTime()) || !m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  return d.toISOString();
}

/** The item moved to another day at the same time of day, its length kept. */
export function moveToDay(item: Timed, day: string): { start: string; end: string } {
  const s = new Date(item.start);
  const len = new Date(item.end).getTime() - s.getTime();
  const d = parseDay(day);
  d.setHours(s.getHours(), s.getMinutes(), 0, 0);
  return { start: d.toISOString(), end: new Date(d.getTime() + len).toISOString() };
}

/** The window [from, to) the API is asked for, for a view around day. */
export function windowOf(view: View, day: string): { from: string; to: string; days: string[] } {
  let days: string[];
  switch (view) {
    case 'month':
      days = monthDays(day);
      break;
    case 'week':
      days = weekDays(day);
      break;
    case 'day':
      days = [day];
      break;
    default:
      days = Array.from({ length: 30 }, (_, i) => addDays(day, i));
  }
  return { from: parseDay(days[0]).toISOString(), to: parseDay(addDays(days[days.length - 1], 1)).toISOString(), days };
}

export type View = 'month' | 'week' | 'day' | 'agenda';
export const VIEWS: View[] = ['month', 'week', 'day', 'agenda'];

/** How far the previous/next buttons move in a view. */
export function step(view: View, day: string, dir: 1 | -1): string {
  switch (view) {
    case 'month':
      return addMonths(day, dir);
    case 'week':
      return addDays(day, 7 * dir);
    case 'day':
      return addDays(day, dir);
    default:
      return addDays(day, 30 * dir);
  }
}

// The hour grid (week and day views): minutes of a local day, 15-minute steps.

/** The step of moves and resizes, in minutes. */
export const SNAP = 15;
const MINUTE = 60_000;

/** Rounds minutes to the nearest step. */
export const snap = (min: number) => Math.round(min / SNAP) * SNAP;

/** Minutes from the local midnight of day to an instant (not clamped: negative before the day). */
export function minutesInto(iso: string, day: string): number {
  return (new Date(iso).getTime() - parseDay(day).getTime()) / MINUTE;
}

/** The length of a local day in minutes (1440, or 1380/1500 on a daylight saving change). */
export const dayLength = (day: string) => (parseDay(addDays(day, 1)).getTime() - parseDay(day).getTime()) / MINUTE;

export interface Placed<T> {
  item: T;
  /** Minutes into the day, clamped to the day. */
  top: number;
  bottom: number;
  /** The column among the overlapping items and how many columns they take. */
  col: number;
  cols: number;
}

/**
 * The timed items of a day placed on its hours: by start and end, clamped to the day, at least
 * one step tall; overlapping items side by side (each cluster of overlaps shares its columns).
 */
export function layoutDay<T extends Timed>(items: T[], day: string): Placed<T>[] {
  const len = dayLength(day);
  const placed = itemsOn(items, day)
    .filter((i) => !i.allDay)
    .map((item) => {
      const top = Math.max(0, Math.min(len - SNAP, minutesInto(item.start, day)));
      const bottom = Math.max(top + SNAP, Math.min(len, minutesInto(item.end, day)));
      return { item, top, bottom, col: 0, cols: 1 };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  let cluster: Placed<T>[] = [];
  let ends: number[] = [];
  let clusterEnd = -1;
  const close = () => cluster.forEach((p) => (p.cols = ends.length));
  for (const p of placed) {
    if (p.top >= clusterEnd) {
      close();
      cluster = [];
      ends = [];
    }
    let col = ends.findIndex((e) => e <= p.top);
    if (col < 0) col = ends.push(0) - 1;
    ends[col] = p.bottom;
    p.col = col;
    cluster.push(p);
    clusterEnd = Math.max(clusterEnd, p.bottom);
  }
  close();
  return placed;
}

/** The item moved by whole days and minutes (days counted as dates, so DST-safe), length kept. */
export function shifted(item: Timed, days: number, minutes: number): { start: string; end: string } {
  const s = new Date(item.start);
  const len = new Date(item.end).getTime() - s.getTime();
  s.setDate(s.getDate() + days);
  s.setTime(s.getTime() + minutes * MINUTE);
  return { start: s.toISOString(), end: new Date(s.getTime() + len).toISOString() };
}

/** The item with its end moved by minutes, never shorter than one step. */
export function resized(item: Timed, minutes: number): { start: string; end: string } {
  const s = new Date(item.start).getTime();
  const e = Math.max(new Date(item.end).getTime() + minutes * MINUTE, s + SNAP * MINUTE);
  return { start: item.start, end: new Date(e).toISOString() };
}

/** The item with its start moved by minutes (its end kept), never shorter than one step. */
export function resizedStart(item: Timed, minutes: number): { start: string; end: string } {
  const e = new Date(item.end).getTime();
  const s = Math.min(new Date(item.start).getTime() + minutes * MINUTE, e - SNAP * MINUTE);
  return { start: new Date(s).toISOString(), end: item.end };
}

/** The instant minutes after the local midnight of day. */
export const atMinute = (day: string, minutes: number) => new Date(parseDay(day).getTime() + minutes * MINUTE).toISOString();

/**
 * Whether the month grid draws an item on a day: a span of whole days (a program's phase) is
 * drawn on its first day and at the start of each week it runs through, not on every day
 * (the day's dialog still lists it).
 */
export function drawnOn(item: Timed, day: string): boolean {
  if (!item.allDay || !onDay(item, day)) return onDay(item, day);
  return new Date(item.start).getTime() >= parseDay(day).getTime() || parseDay(day).getDay() === 1;
}

// Moving an appointment: the host's free times (listRescheduleSlots) while it is picked up.

/** Whether an appointment may start at an instant: one of the free slots' starts (instants compared, not strings). */
export const isFree = (slots: { start: string }[], start: string) => slots.some((s) => Date.parse(s.start) === Date.parse(start));

/**
 * The free slot after (dir 1) or before (dir -1) the start, among slots in any order, skipping
 * the times that are not free; null when there is none that way.
 */
export function nextFree<T extends { start: string }>(slots: T[], start: string, dir: number): T | null {
  const from = Date.parse(start);
  let best: T | null = null;
  for (const s of slots) {
    const at = Date.parse(s.start);
    if (dir > 0 ? at > from && (!best || at < Date.parse(best.start)) : at < from && (!best || at > Date.parse(best.start))) best = s;
  }
  return best;
}

// Creating an event on an empty time, by touch and by keyboard.

/** Where a finger's tap on empty hours starts the new event: the half hour it falls in (a fingertip covers about 15 minutes). */
export const tapStart = (minutes: number) => Math.floor(minutes / 30) * 30;

/** The keyboard's chosen time for a new event: a day of the view and minutes into it. */
export type Cursor = { day: string; min: number };

/**
 * The time chooser after a key: up and down by a step (15 minutes), Page Up and Page Down by an
 * hour, left and right a day of the view, Home and End the day's first and last step (clamped to
 * the day and the view); null for other keys.
 */
export function chooseTime(c: Cursor, key: string, days: string[]): Cursor | null {
  const i = Math.max(0, days.indexOf(c.day));
  const by: Record<string, [number, number]> = {
    ArrowUp: [0, -SNAP],
    ArrowDown: [0, SNAP],
    PageUp: [0, -60],
    PageDown: [0, 60],
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    Home: [0, -Infinity],
    End: [0, Infinity],
  };
  if (!by[key]) return null;
  const day = days[Math.min(days.length - 1, Math.max(0, i + by[key][0]))];
  return { day, min: Math.max(0, Math.min(dayLength(day) - SNAP, c.min + by[key][1])) };
}
