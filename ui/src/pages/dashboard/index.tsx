// The dashboard pages (but the FAQ and universities editors and the notifications list, which come on their own): one
// chunk, loaded when one of them is shown.
export { DashboardAccount } from './Account';
export { DashboardAudit } from './Audit';
export { DashboardHome } from './Home';
export { DashboardOrganization } from './Organization';
export { DashboardOutbox } from './Outbox';
export { DashboardProfile } from './Profile';
export { DashboardSettings } from './Settings';
