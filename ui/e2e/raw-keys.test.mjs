// The finder of raw catalog keys (raw-keys.mjs) finds them and nothing else. The pages are
// searched for raw keys by the page sweeps (a11y-<lang>-desktop.test.mjs: every route of the
// manifest in both languages, dashboard pages signed in, after hydration and the page's data).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rawKeys, visitable } from './raw-keys.mjs';

describe('the finder', () => {
  it('finds raw keys and nothing else', () => {
    assert.deepEqual(rawKeys('Go to pages.home.initiatives.volunteer.title now'), ['pages.home.initiatives.volunteer.title']);
    assert.deepEqual(rawKeys('layout.nav.features'), ['layout.nav.features']);
    assert.deepEqual(rawKeys('pages.nothing.here'), ['pages.nothing.here'], 'missing from every catalog');
    assert.deepEqual(rawKeys('admin@demo.gerege.mn, gerege.mn, v1.2.0, e.g. this, 3.5 km, /en/faq.html'), []);
  });
  it('fills every parameter of the routes with a made-up record', async () => {
    const { manifest } = await import('./harness.mjs');
    for (const r of manifest.routes) assert.doesNotMatch(visitable(r.path), /\/:/, r.path);
  });
});
