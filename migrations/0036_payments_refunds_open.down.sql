DROP INDEX payments_one_open_idx;
DROP TRIGGER payment_refunds_status_moves;
DROP TRIGGER payment_refunds_not_more_than_paid;
DROP INDEX payment_refunds_request_idx;
ALTER TABLE payment_refunds DROP COLUMN request_key;
-- Fails while a payment has two live parts (the whole-refunds rule cannot hold then).
CREATE UNIQUE INDEX payment_refunds_live_idx ON payment_refunds (payment_id) WHERE status IN ('pending', 'succeeded');
