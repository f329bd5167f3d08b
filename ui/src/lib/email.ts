/**
 * Roughly the server's web.ValidEmail (the server decides): one address of at most 254
 * characters, a dot in the domain, no spaces, brackets or quotes, no "..". One copy for
 * every form, so the sign-in pages and the public forms cannot drift apart.
 */
export const looksLikeEmail = (v: string): boolean =>
  v.length <= 254 && /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:.]+$/.test(v) && !v.includes('..');
