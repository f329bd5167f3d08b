DROP TRIGGER IF EXISTS billing_invoices_no_delete;
DROP TRIGGER IF EXISTS billing_invoices_frozen;
DROP TABLE IF EXISTS billing_invoices;
DROP TABLE IF EXISTS billing_invoice_counters;
DROP TABLE IF EXISTS billing_price_notices;
DROP TABLE IF EXISTS billing_terms_acceptances;
DROP TABLE IF EXISTS billing_subscriptions;
DROP TABLE IF EXISTS billing_plans;
