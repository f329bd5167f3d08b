// axe-core on every English page at desktop and phone widths, light and dark (see a11y-suites.mjs).
import { a11ySuites } from './a11y-suites.mjs';

a11ySuites({ axeLangs: ['en'] });
