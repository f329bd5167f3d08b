// Billing's dashboard pages (app/store/billing): the owner's subscription (the account page
// where plans are paid, changed and cancelled), the invoices (list, one invoice as HTML and
// PDF, a manual invoice and its draft's edit page, the seller's details) and the admins' plans. Strings in the
// section "storeBilling" (its errors stay on the server: build.mjs SERVER_ONLY). /pricing and
// /payment are public pages of the core table (app/routes.tsx).
import { dashboardRoute, lazyView, type RouteDef } from '../../../app/routeKit';

const subscription = lazyView('store/billing/pages/Subscription', () => import('./pages/Subscription').then((m) => m.Subscription));
const invoices = lazyView('store/billing/pages/Invoices', () => import('./pages/Invoices').then((m) => m.Invoices));
const invoice = lazyView('store/billing/pages/Invoices', () => import('./pages/Invoices').then((m) => m.Invoice));
const invoiceNew = lazyView('store/billing/pages/InvoiceEdit', () => import('./pages/InvoiceEdit').then((m) => m.InvoiceNew));
const invoiceEdit = lazyView('store/billing/pages/InvoiceEdit', () => import('./pages/InvoiceEdit').then((m) => m.InvoiceEdit));
const sellerSettings = lazyView('store/billing/pages/SellerSettings', () => import('./pages/SellerSettings').then((m) => m.SellerSettings));
const plans = lazyView('store/billing/pages/Plans', () => import('./pages/Plans').then((m) => m.Plans));
const words = ['storeBilling.ui', 'storeBilling.invoice', 'storeBilling.pricing', 'storeBilling.pay'];

export const routes: RouteDef[] = [
  dashboardRoute('/dashboard/subscription', 'dashboard.subscription', subscription, words),
  dashboardRoute('/dashboard/invoice', 'dashboard.invoices', invoices, words),
  dashboardRoute('/dashboard/invoice/new', 'dashboard.invoiceNew', invoiceNew, words),
  dashboardRoute('/dashboard/invoice/settings', 'dashboard.invoiceSettings', sellerSettings, words),
  // ":id" is any one segment: one prerendered page for every invoice.
  { ...dashboardRoute('/dashboard/invoice/:id', 'dashboard.invoices', invoice, words), page: 'dashboard/invoice/view' },
  { ...dashboardRoute('/dashboard/invoice/:id/edit', 'dashboard.invoices', invoiceEdit, words), page: 'dashboard/invoice/edit' },
  dashboardRoute('/dashboard/plans', 'dashboard.plans', plans, words),
];
