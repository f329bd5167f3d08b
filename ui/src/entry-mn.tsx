import catalog from '../../i18n/mn.json';
import { start } from './client';

start('mn', catalog);
