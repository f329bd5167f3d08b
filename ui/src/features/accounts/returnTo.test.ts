// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { goTo, safeReturnTo } from './returnTo';

describe('safeReturnTo', () => {
  it.each([
    ['/en/dashboard/user/account', '/en/dashboard/user/account'],
    ['/mn/dashboard/admin/audit?before=12', '/mn/dashboard/admin/audit?before=12'],
    ['/en/auth/invitation?token=abc', '/en/auth/invitation?token=abc'],
    ['/en/terms#privacy', '/en/terms#privacy'],
  ])('keeps the same-site path %s', (value, want) => {
    expect(safeReturnTo(value, 'en')).toBe(want);
  });

  it.each([
    [null],
    [''],
    ['//evil.example'],
    ['//evil.example/en/dashboard'],
    ['https://evil.example/en/dashboard'],
    ['http://evil.example'],
    ['javascript:alert(1)'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['dashboard'],
    ['/en/auth/login'],
  ])('refuses %j and goes to the dashboard', (value) => {
    expect(safeReturnTo(value, 'mn')).toBe('/mn/dashboard');
  });
});

describe('goTo', () => {
  it('moves inside the language without a reload', () => {
    const navigate = vi.fn();
    goTo('/en/dashboard/user/account?x=1', 'en', navigate, true);
    expect(navigate).toHaveBeenCalledWith('/dashboard/user/account?x=1', { replace: true });
    goTo('/en', 'en', navigate);
    expect(navigate).toHaveBeenLastCalledWith('/', { replace: false });
  });
});
