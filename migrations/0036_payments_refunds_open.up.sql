-- Issue #16: partial refunds (several parts of one payment until the whole is returned).
--
-- payment_refunds_live_idx allowed one pending or succeeded refund a payment (whole refunds
-- only). It goes: a payment may now have several parts. What the database still guarantees,
-- whatever code path writes: the parts that are pending or succeeded never add up to more than
-- the payment's amount (the trigger below refuses the row that would pass it), and a part is
-- of the payment's currency.
DROP INDEX payment_refunds_live_idx;

-- request_key: the key the admin's dialog sends with its request (one a dialog opening), so
-- a double click or a retried request answers the same part instead of making a second one.
ALTER TABLE payment_refunds ADD COLUMN request_key TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX payment_refunds_request_idx ON payment_refunds (payment_id, request_key) WHERE request_key <> '';

CREATE TRIGGER payment_refunds_not_more_than_paid BEFORE INSERT ON payment_refunds
WHEN NEW.status IN ('pending', 'succeeded') AND (
    NEW.currency IS NOT (SELECT currency FROM payments WHERE id = NEW.payment_id)
    OR NEW.amount + (SELECT coalesce(sum(amount), 0) FROM payment_refunds
                     WHERE payment_id = NEW.payment_id AND status IN ('pending', 'succeeded'))
       > (SELECT amount FROM payments WHERE id = NEW.payment_id))
BEGIN
    SELECT RAISE(ABORT, 'refund_exceeds_payment');
END;

-- A failed part never comes back to life (only pending moves, to succeeded or failed), so the
-- sum cannot grow by an update either.
CREATE TRIGGER payment_refunds_status_moves BEFORE UPDATE OF status ON payment_refunds
WHEN OLD.status <> NEW.status AND OLD.status <> 'pending'
BEGIN
    SELECT RAISE(ABORT, 'refund_status_final');
END;

-- One open payment a row: an order (or an invoice) never has two payments that can still take
-- money, whatever code path writes. Open is pending, and failed too: a failed card payment
-- can still succeed later at the provider (Stripe's async success settles it), so it is
-- cancelled (as the shop's change of payment method does) before another is made. Payments of
-- no module row (ref_id 0) are not concerned.
--
-- Rows written before this rule: where an order or invoice has more than one open payment, the
-- one the order or invoice names (shop_orders.payment_id, billing_invoices.payment_id) is kept
-- — or, when it names none of them, the newest — and the others are cancelled, as the shop's
-- change of payment method would have. Money that still arrives for one of them is settled
-- late and listed under "Refunds due" (docs/store/payments.md); a bank transfer for one is
-- refused at mark-paid, and the admin sends it back. Nothing is deleted.
CREATE TEMP TABLE payments_open_keep AS
SELECT p.purpose, p.ref_id, coalesce(
        (SELECT o.payment_id FROM shop_orders o JOIN payments n ON n.id = o.payment_id
         WHERE p.purpose = 'order' AND o.id = p.ref_id AND n.purpose = p.purpose AND n.ref_id = p.ref_id
           AND n.status IN ('pending', 'failed')),
        (SELECT i.payment_id FROM billing_invoices i JOIN payments n ON n.id = i.payment_id
         WHERE p.purpose IN ('invoice', 'subscription') AND i.id = p.ref_id AND n.purpose = p.purpose AND n.ref_id = p.ref_id
           AND n.status IN ('pending', 'failed')),
        max(p.id)) AS keep
FROM payments p
WHERE p.status IN ('pending', 'failed') AND p.ref_id <> 0
GROUP BY p.purpose, p.ref_id
HAVING count(*) > 1;

UPDATE payments SET status = 'cancelled'
WHERE status IN ('pending', 'failed') AND ref_id <> 0
  AND EXISTS (SELECT 1 FROM payments_open_keep k WHERE k.purpose = payments.purpose AND k.ref_id = payments.ref_id AND k.keep <> payments.id);

DROP TABLE payments_open_keep;

CREATE UNIQUE INDEX payments_one_open_idx ON payments (purpose, ref_id) WHERE status IN ('pending', 'failed') AND ref_id <> 0;
