DROP TABLE ledger_entries;
DROP TABLE ledger_txns;
DROP TABLE payment_events;
DROP TABLE payment_attempts;
DROP TABLE payments;
