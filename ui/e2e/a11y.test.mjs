// Every page as served (one h1, landmarks, no dead link, no sideways scrolling, no console
// error) and the open states, in both languages; the axe scan of every page is in
// a11y-axe-en.test.mjs and a11y-axe-mn.test.mjs (see a11y-suites.mjs).
import { a11ySuites } from './a11y-suites.mjs';

a11ySuites({ served: ['en', 'mn'] });
