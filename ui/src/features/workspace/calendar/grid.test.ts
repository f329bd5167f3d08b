import { describe, expect, it } from 'vitest';
import { addDays, addMonths, at, itemsOn, monthDays, moveToDay, parseDay, step, weekDays, windowOf, ymd } from './grid';

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
});
