// The store's pages, one route module for its three parts (one entry in the core table, which
// every page carries): the shop (/product …, the orders, the seller's pages), billing (plans,
// the subscription, invoices) and banking. Each part's routes.tsx says what its pages are.
import type { RouteDef } from '../../app/routeKit';
import { routes as banking } from './banking/routes';
import { routes as billing } from './billing/routes';
import { routes as shop } from './shop/routes';

export const routes: RouteDef[] = [...shop, ...billing, ...banking];
