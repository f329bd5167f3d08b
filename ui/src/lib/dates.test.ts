// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeDate } from './dates';

describe('normalizeDate', () => {
  it.each([
    ['2005-03-01', '2005-03-01'],
    ['2005.03.01', '2005-03-01'],
    ['2005/3/1', '2005-03-01'],
    ['2005 3 1', '2005-03-01'],
    ['20050301', '2005-03-01'],
    [' 2005.3.1 ', '2005-03-01'],
  ])('writes %s as %s', (typed, want) => {
    expect(normalizeDate(typed)).toBe(want);
  });

  it('leaves what it cannot read for validation to name', () => {
    for (const s of ['', '01/03/2005', '2005-3', 'yesterday']) expect(normalizeDate(s)).toBe(s);
  });

  it('while typing, rewrites only what cannot grow any more', () => {
    expect(normalizeDate('2005.3.1', false)).toBe('2005.3.1'); // could become 2005.3.12
    expect(normalizeDate('2005.03.12', false)).toBe('2005-03-12');
    expect(normalizeDate('20050312', false)).toBe('2005-03-12');
  });
});
