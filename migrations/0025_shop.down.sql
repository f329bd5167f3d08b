DROP TABLE shop_order_items;
DROP TABLE shop_orders;
DROP TABLE shop_coupons;
DROP TABLE shop_carts;
DROP TABLE shop_product_search;
DROP TABLE shop_products;
