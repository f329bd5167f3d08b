// The dashboard pages (but the FAQ and universities editors and the notifications list, which come on their own): one
// chunk, loaded when one of them is shown.
export { DashboardAccount } from './Account';
export { DashboardAudit } from '../../../admin/pages/Audit';
export { DashboardHome } from './Home';
export { DashboardOrganization } from './Organization';
export { DashboardOutbox } from '../../../admin/pages/Outbox';
export { DashboardProfile } from './Profile';
export { DashboardSettings } from '../../../admin/pages/Settings';
