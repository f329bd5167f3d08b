import catalog from '../../i18n/en.json';
import { start } from './client';

start('en', catalog);
