// @vitest-environment node
import { describe, expect, it } from 'vitest';
import css from '../features/workspace/calendar/calendar.css?inline';

// Adopting is checked in a real browser (opportunities-dashboard.test.mjs reads a board's
// computed layout); jsdom has no constructed stylesheets.
describe('page stylesheets', () => {
  it('come as the rules of the file, as a string', () => {
    expect(css).toContain('.cal-grid');
  });
});
