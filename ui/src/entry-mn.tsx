import catalog from 'gerege:catalog/mn';
import sections from 'gerege:sections/mn';
import { start } from './client';

void start('mn', catalog, sections);
