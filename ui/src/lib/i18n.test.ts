import { afterEach, describe, expect, it } from 'vitest';
import { detector, LANG_COOKIE } from './i18n';

// The detector's order: path, cookie, <html lang>, localStorage, subdomain.
describe('language detector', () => {
  const setCookie = (v: string) => {
    document.cookie = `${LANG_COOKIE}=${v}; path=/`;
  };
  afterEach(() => {
    document.cookie = `${LANG_COOKIE}=; path=/; max-age=0`;
    document.documentElement.lang = '';
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('takes the path prefix first', () => {
    history.replaceState(null, '', '/mn/about-us');
    setCookie('en');
    document.documentElement.lang = 'en';
    expect(detector.detect()).toBe('mn');
  });
  it('then the cookie, then <html lang>, then localStorage', () => {
    localStorage.setItem('i18nextLng', 'en');
    document.documentElement.lang = 'mn';
    setCookie('en');
    expect(detector.detect()).toBe('en');
    document.cookie = `${LANG_COOKIE}=; path=/; max-age=0`;
    expect(detector.detect()).toBe('mn');
    document.documentElement.lang = '';
    expect(detector.detect()).toBe('en');
  });
  it('ignores what is not a language of ours', () => {
    history.replaceState(null, '', '/fr/page');
    setCookie('de');
    localStorage.setItem('i18nextLng', 'ru');
    expect(detector.detect()).toBeUndefined();
  });
  it('remembers a choice in the cookie', () => {
    detector.cacheUserLanguage('mn');
    expect(document.cookie).toContain(`${LANG_COOKIE}=mn`);
  });
});
