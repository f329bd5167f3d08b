-- Shop checkout through every configured provider (issue #16): an order whose card or QPay
-- payment arrives after its last item was sold is cancelled with the payment kept and a refund
-- owed; cancel_reason says so to the buyer, the seller and the admins.
ALTER TABLE shop_orders ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT ''
    CHECK (cancel_reason IN ('', 'sold_out_at_payment'));
