// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activeFilters, EMPTY, filtersQuery, parseFilters } from './filters';

describe('opportunity filters in the URL', () => {
  it('reads the names the API uses and ignores others', () => {
    const f = parseFilters('?q=medeelel&kind=job&paid=true&country=mn&holland=sae&sort=deadline&utm=x');
    expect(f).toEqual({ ...EMPTY, q: 'medeelel', kind: 'job', paid: true, country: 'MN', holland: 'SAE', sort: 'deadline' });
  });

  it('writes only what is set, in a fixed order, and round-trips', () => {
    const f = { ...EMPTY, sort: 'newest' as const, kind: 'exchange', q: '  ажил ', deadlineTo: '2027-01-31', paid: true };
    const qs = filtersQuery(f);
    expect(qs).toBe('q=%D0%B0%D0%B6%D0%B8%D0%BB&kind=exchange&paid=true&deadlineTo=2027-01-31&sort=newest');
    expect(parseFilters(qs)).toEqual({ ...f, q: 'ажил' });
    expect(filtersQuery(EMPTY)).toBe('');
  });

  it('drops relevance without words, and an unknown sort', () => {
    expect(filtersQuery({ ...EMPTY, sort: 'relevance' })).toBe('');
    expect(parseFilters('sort=oldest').sort).toBe('');
  });

  it('counts the filters set', () => {
    expect(activeFilters({ ...EMPTY, q: 'x', sort: 'newest', holland: 'SA' })).toBe(0);
    expect(activeFilters({ ...EMPTY, kind: 'job', country: 'JP', paid: true })).toBe(3);
  });
});
