import { cleanup } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll } from 'vitest';

// Tests in the node environment (no document) need none of this.
if (typeof window !== 'undefined') {
  afterEach(() => {
    cleanup();
    document.cookie = 'lang=; max-age=0; path=/';
  });

  // Preact runs effects (and the cleanups of unmounted ones) after paint, through a timer of up
  // to 35 ms when there is no frame: let the last ones run while the document still exists, not
  // after the environment is torn down (a loaded machine caught wouter's cleanup there).
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));

  // jsdom has no layout, so no scrolling.
  window.scrollTo = () => {};

  // Pages load on demand in the browser; tests render them at once, so load them all first.
  beforeAll(async () => {
    const { loadAllRoutes, routes } = await import('../app/routes');
    await loadAllRoutes();
    await Promise.all(routes.map((r) => r.view.load()));
  });
}
