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
