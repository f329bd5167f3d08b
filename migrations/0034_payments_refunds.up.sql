-- Issue #16: refunds made through the provider (Stripe, QPay) or recorded by an admin (a bank
-- transfer sent back), and posted in the ledger.
--
-- refund_owed: the payment's money is owed back (paid after it was cancelled, paid after the
-- shop's stock ran out, a paid order cancelled by its seller). Only such payments may be
-- refunded. paid_ref: the provider's reference of what paid it (Stripe PaymentIntent, QPay
-- payment id), which a refund names.
ALTER TABLE payments ADD COLUMN refund_owed INTEGER NOT NULL DEFAULT 0 CHECK (refund_owed IN (0, 1));
ALTER TABLE payments ADD COLUMN paid_ref TEXT NOT NULL DEFAULT '';
UPDATE payments SET refund_owed = 1 WHERE status = 'paid' AND (paid_late = 1 OR id IN (
    SELECT payment_id FROM shop_orders WHERE status = 'cancelled' AND paid_at IS NOT NULL AND payment_id IS NOT NULL));
CREATE INDEX payments_refund_owed_idx ON payments (refund_owed, id) WHERE refund_owed = 1;

-- One refund attempt of a payment (whole refunds: amount = the payment's). At most one is
-- pending or succeeded per payment (the partial unique index): a double click, a retried
-- request or a replayed webhook cannot make a second. A failed one (declined by the provider)
-- keeps its reason; the admin may try again (a new row, a new idempotency key).
CREATE TABLE payment_refunds (
    id                 INTEGER PRIMARY KEY,
    payment_id         INTEGER NOT NULL REFERENCES payments (id),
    currency           TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    amount             INTEGER NOT NULL CHECK (amount > 0),
    provider           TEXT NOT NULL CHECK (provider IN ('bank', 'stripe', 'qpay')),
    status             TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    reason             TEXT NOT NULL DEFAULT '',
    provider_ref       TEXT NOT NULL DEFAULT '',   -- Stripe refund id, QPay payment id, the bank transfer's reference
    transfer_date      TEXT NOT NULL DEFAULT '',   -- a bank transfer: the day the admin sent it (YYYY-MM-DD)
    failure            TEXT NOT NULL DEFAULT '',   -- why the provider declined (its code)
    idempotency_key    TEXT NOT NULL UNIQUE CHECK (idempotency_key <> ''),
    created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at         TEXT NOT NULL,
    done_at            TEXT
) STRICT;
CREATE UNIQUE INDEX payment_refunds_live_idx ON payment_refunds (payment_id) WHERE status IN ('pending', 'succeeded');
CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id, id);
CREATE INDEX payment_refunds_ref_idx ON payment_refunds (provider, provider_ref) WHERE provider_ref <> '';
