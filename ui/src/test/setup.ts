import { cleanup } from '@testing-library/preact';
import { afterEach, beforeAll } from 'vitest';

// Tests in the node environment (no document) need none of this.
if (typeof window !== 'undefined') {
  afterEach(() => {
    cleanup();
    document.cookie = 'lang=; max-age=0; path=/';
  });

  // jsdom has no layout, so no scrolling.
  window.scrollTo = () => {};

  // Pages load on demand in the browser; tests render them at once, so load them all first.
  beforeAll(async () => {
    const { loadAllRoutes, routes } = await import('../app/routes');
    await loadAllRoutes();
    await Promise.all(routes.map((r) => r.view.load()));
  });
}
