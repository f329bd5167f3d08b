// The workspace's file manager: /dashboard/file-manager (folders, uploads, trash, shared with
// me) and /dashboard/file (one file: preview, details, sharing). Strings in the section
// "fileManager" (its errors stay on the server: build.mjs SERVER_ONLY).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const managerPage = lazyView('workspace/files/pages/FileManager', () => import('./pages/FileManager').then((m) => m.FileManager));
const filePage = lazyView('workspace/files/pages/FilePage', () => import('./pages/FilePage').then((m) => m.FilePage));

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard/file-manager', 'fileManager', managerPage, ['fileManager']),
  dashboardRoute('/dashboard/file', 'fileManager.file', filePage, ['fileManager']),
];
