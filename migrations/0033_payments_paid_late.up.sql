-- Issue #16: money a provider (Stripe, QPay) collects for a payment we had already cancelled is
-- settled anyway and marked paid_late (a refund is owed; the refund is made by hand in the
-- provider's dashboard). A shop order cancelled before such a payment keeps its status and
-- says why: cancel_reason 'paid_after_cancel'.
ALTER TABLE payments ADD COLUMN paid_late INTEGER NOT NULL DEFAULT 0 CHECK (paid_late IN (0, 1));
CREATE INDEX payments_paid_late_idx ON payments (paid_late, id) WHERE paid_late = 1;

ALTER TABLE shop_orders ADD COLUMN cancel_reason_new TEXT NOT NULL DEFAULT ''
    CHECK (cancel_reason_new IN ('', 'sold_out_at_payment', 'paid_after_cancel'));
UPDATE shop_orders SET cancel_reason_new = cancel_reason;
ALTER TABLE shop_orders DROP COLUMN cancel_reason;
ALTER TABLE shop_orders RENAME COLUMN cancel_reason_new TO cancel_reason;
