DROP TABLE payment_refunds;
DROP INDEX payments_refund_owed_idx;
ALTER TABLE payments DROP COLUMN paid_ref;
ALTER TABLE payments DROP COLUMN refund_owed;
