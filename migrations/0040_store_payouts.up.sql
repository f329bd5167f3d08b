-- Issue #16: payouts to organisations — where an organisation's money goes (its payout
-- details, entered by its owner) and the payouts platform admins record (a bank transfer the
-- platform sent), each with its ledger movement org:<id>:balance → org:<id>:payouts.

-- An organisation's bank details (one row per organisation; gone with it).
CREATE TABLE org_payout_details (
    org_id             INTEGER PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    bank_name          TEXT NOT NULL CHECK (bank_name <> ''),
    holder             TEXT NOT NULL CHECK (holder <> ''),
    account            TEXT NOT NULL CHECK (account <> ''),   -- account number or IBAN, as typed (digits and spaces, optional "MN")
    updated_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    updated_at         TEXT NOT NULL
) STRICT;

-- A payout: an accounting record, kept when the organisation is deleted (org_id is then the
-- number its ledger accounts still carry, like the ledger's account names). The bank details
-- it was sent to are copied: later changes of the details do not rewrite where money went.
-- (org_id, reference) is unique: the same transfer recorded twice is the same payout.
CREATE TABLE org_payouts (
    id                  INTEGER PRIMARY KEY,
    org_id              INTEGER NOT NULL,
    currency            TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    amount              INTEGER NOT NULL CHECK (amount > 0),
    reference           TEXT NOT NULL CHECK (reference <> ''),
    transfer_date       TEXT NOT NULL,                                 -- YYYY-MM-DD, the day the transfer was sent
    bank_name           TEXT NOT NULL,
    holder              TEXT NOT NULL,
    account             TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'returned')),
    ledger_txn_id       INTEGER NOT NULL REFERENCES ledger_txns (id),
    created_by_user_id  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at          TEXT NOT NULL,
    returned_at         TEXT,
    returned_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    return_txn_id       INTEGER REFERENCES ledger_txns (id)
) STRICT;
CREATE UNIQUE INDEX org_payouts_reference_idx ON org_payouts (org_id, reference);
CREATE INDEX org_payouts_org_idx ON org_payouts (org_id, id);
