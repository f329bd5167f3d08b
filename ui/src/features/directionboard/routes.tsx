// The Direction Board's pages after its start page (which is in the core table: the footer
// links to it). One chunk, its strings in the section "directionBoard".
import { lazyView, page, type RouteDef } from '../../app/routeKit';

export type BoardPage = 'DirectionBoard' | 'BoardResult' | 'SharedResult' | 'BoardSent';
export const boardView = (name: BoardPage) => lazyView('directionboard/Board', () => import('./pages/Board').then((m) => m[name]));
export const board = (path: string, key: string, name: BoardPage, extra: Partial<RouteDef> = {}) =>
  page(path, key, boardView(name), { sections: ['directionBoard'], ...extra });

export const routes: RouteDef[] = [
  board('/direction-board/result', 'directionBoard.pages.result', 'BoardResult'),
  // The emailed link; ":token" is any one segment (the server's manifest matching does the same).
  board('/direction-board/results/:token', 'directionBoard.pages.shared', 'SharedResult', { page: 'direction-board/shared-result' }),
  board('/direction-board/sent', 'directionBoard.pages.sent', 'BoardSent'),
];
