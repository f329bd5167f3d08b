// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, at, atMinute, chooseTime, drawnOn, isFree, itemsOn, layoutDay, minutesInto, monthDays, moveToDay, nextFree, parseDay, resized, resizedStart, shifted, snap, step, tapStart, weekDays, windowOf, ymd } from './grid';

describe('calendar grid', () => {
  it('counts days and months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
    expect(Number.isNaN(parseDay('2026-02-30').getTime())).toBe(true);
  });
  it('starts weeks on Monday and shows six weeks of a month', () => {
    expect(weekDays('2026-11-22')[0]).toBe('2026-11-16'); // a Sunday belongs to the week before
    const days = monthDays('2026-11-15');
    expect(days).toHaveLength(42);
    expect(days[0]).toBe('2026-10-26');
    expect(days).toContain('2026-11-30');
  });
  it('finds what is on a day and moves an event keeping its time and length', () => {
    const start = at('2026-11-25', '09:30')!;
    const end = at('2026-11-26', '10:00')!;
    expect(itemsOn([{ start, end }], '2026-11-26')).toHaveLength(1);
    expect(itemsOn([{ start, end }], '2026-11-27')).toHaveLength(0);
    const moved = moveToDay({ start, end }, '2026-12-01');
    expect(ymd(new Date(moved.start))).toBe('2026-12-01');
    expect(new Date(moved.end).getTime() - new Date(moved.start).getTime()).toBe(new Date(end).getTime() - new Date(start).getTime());
    expect(at('2026-11-25', '25:00')).toBeNull();
    expect(at('2026-11-25', '9am')).toBeNull();
  });
  it('asks for the window of each view', () => {
    expect(windowOf('day', '2026-11-25').days).toEqual(['2026-11-25']);
    expect(windowOf('week', '2026-11-25').days).toHaveLength(7);
    expect(windowOf('agenda', '2026-11-25').days).toHaveLength(30);
    expect(step('month', '2026-11-25', 1)).toBe('2026-12-25');
    expect(step('week', '2026-11-25', -1)).toBe('2026-11-18');
  });
  it('places the timed items of a day on its hours, overlapping ones side by side', () => {
    const ev = (from: string, to: string, day = '2026-11-25', allDay = false) => ({ start: at(day, from)!, end: at(day, to)!, allDay });
    const a = ev('09:00', '10:00');
    const b = ev('09:30', '11:00');
    const c = ev('10:00', '10:30'); // overlaps b only: a's column is free again
    const d = ev('12:00', '12:05'); // shorter than a step: drawn one step tall
    const e = { start: at('2026-11-24', '22:00')!, end: at('2026-11-25', '01:00')!, allDay: false }; // from the day before
    const all = ev('00:00', '00:00', '2026-11-25', true);
    const placed = layoutDay([d, c, b, a, e, { ...all, end: at('2026-11-26', '00:00')! }], '2026-11-25');
    const of = (x: object) => placed.find((p) => p.item === x)!;
    expect(placed).toHaveLength(5); // the all-day item is not on the hours
    expect([of(e).top, of(e).bottom]).toEqual([0, 60]);
    expect([of(a).top, of(a).bottom, of(a).col, of(a).cols]).toEqual([540, 600, 0, 2]);
    expect([of(b).col, of(b).cols]).toEqual([1, 2]);
    expect([of(c).col, of(c).cols]).toEqual([0, 2]);
    expect([of(d).top, of(d).bottom, of(d).col, of(d).cols]).toEqual([720, 735, 0, 1]);
  });
  it('moves by days and steps, resizes by steps, never shorter than a step', () => {
    const item = { start: at('2026-11-25', '09:00')!, end: at('2026-11-25', '10:00')! };
    expect(shifted(item, 1, 15)).toEqual({ start: at('2026-11-26', '09:15'), end: at('2026-11-26', '10:15') });
    expect(shifted(item, 0, -15)).toEqual({ start: at('2026-11-25', '08:45'), end: at('2026-11-25', '09:45') });
    expect(resized(item, 30).end).toBe(at('2026-11-25', '10:30'));
    expect(resized(item, -120).end).toBe(at('2026-11-25', '09:15'));
    // The top edge: the start moves, the end stays, never closer than a step to the end.
    expect(resizedStart(item, -45)).toEqual({ start: at('2026-11-25', '08:15'), end: item.end });
    expect(resizedStart(item, 15).start).toBe(at('2026-11-25', '09:15'));
    expect(resizedStart(item, 120)).toEqual({ start: at('2026-11-25', '09:45'), end: item.end });
    expect(snap(52)).toBe(45);
    expect(snap(53)).toBe(60);
    expect(minutesInto(at('2026-11-25', '09:30')!, '2026-11-25')).toBe(570);
    expect(atMinute('2026-11-25', 570)).toBe(at('2026-11-25', '09:30'));
  });
  it('draws a span of days in the month on its first day and on Mondays only', () => {
    const phase = { start: parseDay('2026-09-01').toISOString(), end: parseDay('2026-12-16').toISOString(), allDay: true };
    expect(drawnOn(phase, '2026-09-01')).toBe(true); // a Tuesday: its first day
    expect(drawnOn(phase, '2026-09-02')).toBe(false);
    expect(drawnOn(phase, '2026-09-07')).toBe(true); // Monday
    expect(drawnOn(phase, '2026-12-17')).toBe(false); // after it
    const timed = { start: at('2026-09-01', '22:00')!, end: at('2026-09-02', '02:00')! };
    expect(drawnOn(timed, '2026-09-02')).toBe(true);
  });
  it('finds the free time before or after an appointment, skipping the times that are not free', () => {
    // Free: Monday 09:00 and 11:00 (10:00 taken), Tuesday 09:00; given out of order, with the
    // server's "Z" form against the browser's toISOString.
    const slots = [
      { start: '2026-11-24T01:00:00Z', end: '2026-11-24T01:30:00Z' },
      { start: '2026-11-23T03:00:00Z', end: '2026-11-23T03:30:00Z' },
      { start: '2026-11-23T01:00:00Z', end: '2026-11-23T01:30:00Z' },
    ];
    expect(nextFree(slots, '2026-11-23T01:00:00.000Z', 1)?.start).toBe('2026-11-23T03:00:00Z');
    expect(nextFree(slots, '2026-11-23T03:00:00.000Z', 1)?.start).toBe('2026-11-24T01:00:00Z'); // the next day
    expect(nextFree(slots, '2026-11-23T03:00:00.000Z', -1)?.start).toBe('2026-11-23T01:00:00Z');
    expect(nextFree(slots, '2026-11-23T02:00:00.000Z', -1)?.start).toBe('2026-11-23T01:00:00Z'); // from a time not free
    expect(nextFree(slots, '2026-11-24T01:00:00.000Z', 1)).toBeNull();
    expect(nextFree(slots, '2026-11-23T01:00:00.000Z', -1)).toBeNull();
    expect(nextFree([], '2026-11-23T01:00:00.000Z', 1)).toBeNull();
    expect(isFree(slots, '2026-11-23T03:00:00.000Z')).toBe(true);
    expect(isFree(slots, '2026-11-23T02:00:00.000Z')).toBe(false);
    expect(isFree(slots, '2026-11-23T03:15:00.000Z')).toBe(false);
  });
  it('chooses an empty time by keys and by a tap', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const c = { day: '2026-11-24', min: 9 * 60 };
    expect(chooseTime(c, 'ArrowDown', days)).toEqual({ day: '2026-11-24', min: 555 });
    expect(chooseTime(c, 'ArrowUp', days)).toEqual({ day: '2026-11-24', min: 525 });
    expect(chooseTime(c, 'PageDown', days)).toEqual({ day: '2026-11-24', min: 600 });
    expect(chooseTime(c, 'ArrowLeft', days)).toEqual({ day: '2026-11-23', min: 540 });
    expect(chooseTime({ day: '2026-11-25', min: 540 }, 'ArrowRight', days)).toEqual({ day: '2026-11-25', min: 540 }); // the view's last day
    expect(chooseTime(c, 'Home', days)).toEqual({ day: '2026-11-24', min: 0 });
    expect(chooseTime(c, 'End', days)).toEqual({ day: '2026-11-24', min: 1425 }); // the last step of the day
    expect(chooseTime({ day: '2026-11-24', min: 1425 }, 'PageDown', days)?.min).toBe(1425);
    expect(chooseTime(c, 'a', days)).toBeNull();
    expect(tapStart(9 * 60 + 44)).toBe(570);
    expect(tapStart(9 * 60 + 29)).toBe(540);
  });
});
