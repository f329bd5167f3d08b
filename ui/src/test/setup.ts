import { cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';

// Tests in the node environment (no document) need none of this.
if (typeof window !== 'undefined') {
  afterEach(() => {
    cleanup();
    document.cookie = 'lang=; max-age=0; path=/';
  });

  // jsdom has no layout, so no scrolling.
  window.scrollTo = () => {};
}
