// The workspace's calendar (/dashboard/calendar) and appointments (/dashboard/booking).
// Strings in the section "workspaceCalendar" (its errors and notifications stay on the
// server: build.mjs SERVER_ONLY); its parts "booking" (the appointments page) and "editor" (the
// dialogs: an event's form, an item's details, the move form) are sections of their own, so the
// calendar's first load has only the grid's words (its dialogs load them: pages/Calendar.tsx).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const calendarPage = lazyView('workspace/calendar/pages/Calendar', () => import('./pages/Calendar').then((m) => m.Calendar));
const bookingPage = lazyView('workspace/calendar/pages/Booking', () => import('./pages/Booking').then((m) => m.Booking));

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard/calendar', 'dashboard.calendar', calendarPage, ['workspaceCalendar']),
  dashboardRoute('/dashboard/booking', 'dashboard.booking', bookingPage, ['workspaceCalendar', 'workspaceCalendar.booking', 'workspaceCalendar.editor']),
];
