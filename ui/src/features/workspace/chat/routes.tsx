// The workspace's chat: /dashboard/chat (conversations, the support inbox for admins, the live
// stream). Strings in the section "chat" (its errors and notifications stay on the server:
// build.mjs SERVER_ONLY).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const chatPage = lazyView('workspace/chat/pages/Chat', () => import('./pages/Chat').then((m) => m.DashboardChat));

export const routes: RouteDef[] = [dashboardRoute('/dashboard/chat', 'chat', chatPage, ['chat'])];
