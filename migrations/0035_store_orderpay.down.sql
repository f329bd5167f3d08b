DROP TRIGGER billing_invoices_seller_frozen;
ALTER TABLE billing_invoices DROP COLUMN seller_details;
DELETE FROM settings WHERE key = 'billing.seller';
