-- Issue #16: the seller's details on invoices are data edited by platform admins (kept in
-- settings under "billing.seller"). An invoice keeps, besides its seller's name, address and
-- tax number, the other details it was issued with (VAT payer or not, bank and account, email,
-- phone) as JSON; '' for invoices issued before, which are shown exactly as they were.
ALTER TABLE billing_invoices ADD COLUMN seller_details TEXT NOT NULL DEFAULT '';

-- Issued invoices never change: the seller's address and details are frozen too (the trigger of
-- 0024 covers the name and tax number).
CREATE TRIGGER billing_invoices_seller_frozen BEFORE UPDATE ON billing_invoices
WHEN OLD.status <> 'draft' AND (NEW.seller_details IS NOT OLD.seller_details OR NEW.seller_address IS NOT OLD.seller_address)
BEGIN
    SELECT RAISE(ABORT, 'billing: an issued invoice cannot be changed');
END;
