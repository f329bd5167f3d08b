import catalog from 'gerege:catalog/en';
import sections from 'gerege:sections/en';
import { start } from './client';

void start('en', catalog, sections);
