// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './email';

// The same verdicts as the server's web.ValidEmail (app/platform/web/validate_test.go keeps those).
describe('looksLikeEmail', () => {
  it.each(['saraa@example.mn', 'first.last+tag@sub.example.org', 'бат@жишээ.мн'])('accepts %s', (v) => {
    expect(looksLikeEmail(v)).toBe(true);
  });
  it.each(['', 'saraa', 'saraa@', 'saraa@example', 'saraa@example.', 'sa raa@example.mn', 'a..b@example.mn', '"a"@example.mn',
    '<a@example.mn>', 'a@b@example.mn', 'a,b@example.mn', `${'a'.repeat(250)}@x.mn`])('refuses %j', (v) => {
    expect(looksLikeEmail(v)).toBe(false);
  });
});
