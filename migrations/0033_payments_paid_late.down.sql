ALTER TABLE shop_orders ADD COLUMN cancel_reason_old TEXT NOT NULL DEFAULT ''
    CHECK (cancel_reason_old IN ('', 'sold_out_at_payment'));
UPDATE shop_orders SET cancel_reason_old = CASE WHEN cancel_reason = 'sold_out_at_payment' THEN cancel_reason ELSE '' END;
ALTER TABLE shop_orders DROP COLUMN cancel_reason;
ALTER TABLE shop_orders RENAME COLUMN cancel_reason_old TO cancel_reason;
DROP INDEX payments_paid_late_idx;
ALTER TABLE payments DROP COLUMN paid_late;
