// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clockOffset, crossedThreshold, minutesLeft, msLeft } from './timer';

describe('minutes left', () => {
  const deadline = '2026-07-20T10:20:00Z';

  it('counts on the server clock when the visitor clock is wrong', () => {
    // The server answered at 10:00:00; this computer thought it was 09:55:00 (5 minutes slow).
    const clientAtReceipt = Date.parse('2026-07-20T09:55:00Z');
    const offset = clockOffset('2026-07-20T10:00:00Z', clientAtReceipt);
    expect(offset).toBe(5 * 60_000);
    expect(minutesLeft(msLeft(deadline, offset, clientAtReceipt))).toBe(20);
    // 90 seconds later on this computer's clock.
    expect(minutesLeft(msLeft(deadline, offset, clientAtReceipt + 90_000))).toBe(19);
    // Without the correction the slow clock would show 25 minutes.
    expect(minutesLeft(msLeft(deadline, 0, clientAtReceipt))).toBe(25);
  });

  it('works with a clock that is ahead too', () => {
    const clientAtReceipt = Date.parse('2026-07-20T10:03:00Z'); // 3 minutes fast
    const offset = clockOffset('2026-07-20T10:00:00Z', clientAtReceipt);
    expect(offset).toBe(-3 * 60_000);
    expect(minutesLeft(msLeft(deadline, offset, clientAtReceipt))).toBe(20);
  });

  it('rounds up, and is 0 only when time is over', () => {
    expect(minutesLeft(600_000)).toBe(10);
    expect(minutesLeft(599_999)).toBe(10);
    expect(minutesLeft(540_000)).toBe(9);
    expect(minutesLeft(1)).toBe(1);
    expect(minutesLeft(0)).toBe(0);
    expect(minutesLeft(-5000)).toBe(0);
  });

  it('ignores a clock it cannot read', () => {
    expect(clockOffset('not a date', 123)).toBe(0);
  });
});

describe('announcements', () => {
  /** Every announcement while the minutes count down from `from` to 1. */
  const heard = (from: number) => {
    const out: number[] = [];
    let prev: number | undefined;
    for (let m = from; m >= 0; m--) {
      const hit = crossedThreshold(prev, m);
      if (hit) out.push(hit);
      prev = m;
    }
    return out;
  };

  it('speaks only at 10, 5 and 1 minutes', () => {
    expect(heard(20)).toEqual([10, 5, 1]);
  });

  it('says nothing on the first reading, nor while the minute stays the same', () => {
    expect(crossedThreshold(undefined, 10)).toBeUndefined();
    expect(crossedThreshold(10, 10)).toBeUndefined();
    expect(crossedThreshold(9, 8)).toBeUndefined();
    expect(heard(7)).toEqual([5, 1]);
  });

  it('says the lowest threshold once when a sleeping tab skips several', () => {
    expect(crossedThreshold(12, 4)).toBe(5);
    expect(crossedThreshold(12, 1)).toBe(1);
  });

  it('says nothing when time is over (the page says so instead)', () => {
    expect(crossedThreshold(1, 0)).toBeUndefined();
  });
});
