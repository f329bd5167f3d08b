// The store's shop (app/store/shop): the public list /product, one product, the checkout, the
// buyer's orders and the seller's dashboard (products, orders, sales). Strings in the sections
// "shop" (its errors and the server's page words stay on the server: build.mjs SERVER_ONLY) and,
// on the seller's pages, "shopDashboard".
import { dashboardRoute, lazyView, page, site, type RouteDef } from '../../../app/routeKit';

const products = lazyView('store/shop/pages/Products', () => import('./pages/Products').then((m) => m.Products));
const product = lazyView('store/shop/pages/Product', () => import('./pages/Product').then((m) => m.Product));
const checkout = lazyView('store/shop/pages/Checkout', () => import('./pages/Checkout').then((m) => m.Checkout));
type OrdersPage = 'MyOrders' | 'MyOrder';
const orders = (name: OrdersPage) => lazyView('store/shop/dashboard/pages/Orders', () => import('./dashboard/pages/Orders').then((m) => m[name]));
type SellerOrdersPage = 'SellerOrders' | 'SellerOrder';
const sellerOrders = (name: SellerOrdersPage) =>
  lazyView('store/shop/dashboard/pages/SellerOrders', () => import('./dashboard/pages/SellerOrders').then((m) => m[name]));
type ProductsPage = 'SellerProducts' | 'NewProduct' | 'ProductView' | 'EditProduct';
const sellerProducts = (name: ProductsPage) => lazyView('store/shop/dashboard/pages/Products', () => import('./dashboard/pages/Products').then((m) => m[name]));
const ecommerce = lazyView('store/shop/dashboard/pages/Ecommerce', () => import('./dashboard/pages/Ecommerce').then((m) => m.Ecommerce));

const shop = ['shop'];
const seller = ['shop', 'shopDashboard'];

export const routes: RouteDef[] = [
  site('/product', 'shop.list', products, { sections: shop }),
  // Before ":id", which "checkout" would match too.
  page('/product/checkout', 'shop.checkout', checkout, { sections: shop }),
  // One prerendered page for every product (the server renders it with the product's data).
  page('/product/:id', 'shop.product', product, { page: 'product/product', sections: shop }),
  dashboardRoute('/dashboard/orders', 'dashboard.orders', orders('MyOrders'), shop),
  { ...dashboardRoute('/dashboard/orders/:id', 'dashboard.myOrder', orders('MyOrder'), shop), page: 'dashboard/orders/view' },
  dashboardRoute('/dashboard/product', 'dashboard.product', sellerProducts('SellerProducts'), seller),
  dashboardRoute('/dashboard/product/new', 'dashboard.productNew', sellerProducts('NewProduct'), seller),
  { ...dashboardRoute('/dashboard/product/:id', 'dashboard.productView', sellerProducts('ProductView'), seller), page: 'dashboard/product/view' },
  { ...dashboardRoute('/dashboard/product/:id/edit', 'dashboard.productEdit', sellerProducts('EditProduct'), seller), page: 'dashboard/product/edit' },
  dashboardRoute('/dashboard/order', 'dashboard.order', sellerOrders('SellerOrders'), seller),
  { ...dashboardRoute('/dashboard/order/:id', 'dashboard.orderView', sellerOrders('SellerOrder'), seller), page: 'dashboard/order/view' },
  dashboardRoute('/dashboard/ecommerce', 'dashboard.ecommerce', ecommerce, [...seller, 'workspaceAnalytics']),
];
