// Every Mongolian page as served (one h1, landmarks, no dead link, no sideways scrolling, no
// console error, the real CSP) and the open states (phone menu, dialog, toasts); the axe scan
// of every page is a11y-axe-mn.test.mjs (see a11y-suites.mjs).
import { a11ySuites } from './a11y-suites.mjs';

a11ySuites({ served: ['mn'] });
