// Every Mongolian public page at the phone view, one visit each (see a11y-suites.mjs for what is checked).
import { a11ySweep } from './a11y-suites.mjs';

a11ySweep('mn', 'phone', 'site');
