import { describe, expect, it } from 'vitest';
import { instant, ubParts, when } from './time';

describe('event times in Ulaanbaatar', () => {
  it('turns a date and time typed in Ulaanbaatar into an instant, and back', () => {
    expect(instant('2026-12-01', '18:00')).toBe('2026-12-01T18:00:00+08:00');
    expect(instant('2026-12-01', '9:05')).toBe('2026-12-01T09:05:00+08:00');
    expect(new Date(instant('2026-12-01', '07:30')!).toISOString()).toBe('2026-11-30T23:30:00.000Z');
    expect(ubParts('2026-11-30T23:30:00Z')).toEqual(['2026-12-01', '07:30']);
  });
  it('refuses what is not a date and a time', () => {
    for (const [d, t] of [['2026-12-01', ''], ['', '18:00'], ['01.12.2026', '18:00'], ['2026-12-01', '24:00'], ['2026-12-01', '18:60'], ['2026-13-01', '18:00']]) {
      expect(instant(d, t), `${d} ${t}`).toBeUndefined();
    }
  });
  it('writes the span in the page language, the end day only when it differs', () => {
    expect(when('en', { start: '2026-12-01T10:00:00Z', end: '2026-12-01T12:00:00Z' })).toBe('1 December 2026, 18:00 – 20:00');
    expect(when('mn', { start: '2026-12-01T10:00:00Z', end: '2026-12-02T02:00:00Z' })).toBe('2026 оны 12-р сарын 1, 18:00 – 2026 оны 12-р сарын 2, 10:00');
  });
});
