-- Payments (app/platform/payments): what a person or organisation pays, through which provider,
-- the provider events already processed (exactly once), and the double-entry ledger of every
-- movement of money. Amounts are integers in the currency's minor unit (MNT ×1, USD cents).

-- A payment: pending until its provider (or an admin, for a bank transfer) says it is paid.
-- Rows are kept when the payer's account or organisation goes (accounting records outlive
-- accounts): the references become NULL.
CREATE TABLE payments (
    id                 INTEGER PRIMARY KEY,
    purpose            TEXT NOT NULL CHECK (purpose <> ''),            -- subscription | order | invoice (registered by modules)
    ref_id             INTEGER NOT NULL DEFAULT 0,                      -- the module's own row
    payer_user_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    org_id             INTEGER REFERENCES organizations (id) ON DELETE SET NULL, -- the paying organisation
    payee              TEXT NOT NULL CHECK (payee = 'platform' OR payee GLOB 'org:[0-9]*'),
    currency           TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    amount             INTEGER NOT NULL CHECK (amount > 0 AND amount <= 1000000000000000),
    provider           TEXT NOT NULL CHECK (provider IN ('bank', 'stripe', 'qpay')),
    provider_ref       TEXT NOT NULL DEFAULT '',                        -- the latest attempt's reference
    status             TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'cancelled')),
    idempotency_key    TEXT NOT NULL UNIQUE CHECK (idempotency_key <> ''),
    created_at         TEXT NOT NULL,
    paid_at            TEXT,
    settled_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL  -- the admin who marked a bank transfer paid
) STRICT;
CREATE INDEX payments_payer_idx ON payments (payer_user_id, id);
CREATE INDEX payments_org_idx ON payments (org_id, id);
CREATE INDEX payments_ref_idx ON payments (purpose, ref_id);
CREATE INDEX payments_status_idx ON payments (status, provider, id);

-- Every reference a provider gave a payment (each Begin may open a new Stripe Checkout Session
-- or QPay invoice): an event naming an older attempt still finds its payment.
CREATE TABLE payment_attempts (
    provider     TEXT NOT NULL,
    provider_ref TEXT NOT NULL CHECK (provider_ref <> ''),
    payment_id   INTEGER NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (provider, provider_ref)
) STRICT;
CREATE INDEX payment_attempts_payment_idx ON payment_attempts (payment_id);

-- A provider event processed: the primary key is what makes a replayed event change nothing.
CREATE TABLE payment_events (
    provider    TEXT NOT NULL,
    event_id    TEXT NOT NULL CHECK (event_id <> ''),
    payment_id  INTEGER REFERENCES payments (id) ON DELETE SET NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (provider, event_id)
) STRICT;

-- One movement of money: its entries sum to zero per currency.
CREATE TABLE ledger_txns (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,                                           -- payment | payout | adjustment
    payment_id INTEGER REFERENCES payments (id) ON DELETE SET NULL,
    memo       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
) STRICT;

-- The entries: accounts are "platform:revenue", "platform:fees", "org:<id>:balance",
-- "org:<id>:payouts", "provider:<name>:clearing". Signed amounts; never updated or deleted.
CREATE TABLE ledger_entries (
    id         INTEGER PRIMARY KEY,
    txn_id     INTEGER NOT NULL REFERENCES ledger_txns (id),
    account    TEXT NOT NULL CHECK (account <> ''),
    currency   TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    amount     INTEGER NOT NULL,
    payment_id INTEGER REFERENCES payments (id) ON DELETE SET NULL,
    memo       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
) STRICT;
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, id);
CREATE INDEX ledger_entries_txn_idx ON ledger_entries (txn_id);
CREATE INDEX ledger_entries_payment_idx ON ledger_entries (payment_id);
