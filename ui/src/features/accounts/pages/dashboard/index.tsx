// The accounts' dashboard pages: one chunk, loaded when one of them is shown (the admin pages,
// the FAQ and universities editors and the notifications list come on their own).
export { DashboardAccount } from './Account';
export { DashboardHome } from './Home';
export { DashboardOrganization } from './Organization';
export { DashboardProfile } from './Profile';
