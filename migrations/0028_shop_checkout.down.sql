ALTER TABLE shop_orders DROP COLUMN cancel_reason;
