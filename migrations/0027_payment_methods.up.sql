-- Saved cards and off-session charges (issue #16: "renewals are charged automatically").
-- A card is saved when an owner pays a subscription through Stripe Checkout; only what the
-- account page shows is kept (brand, last four digits, expiry) and the provider's ids —
-- never a card number.

-- The provider's customer of an organisation (one per provider).
CREATE TABLE payment_customers (
    org_id      INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    provider    TEXT NOT NULL CHECK (provider IN ('stripe')),
    customer_id TEXT NOT NULL CHECK (customer_id <> ''),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (org_id, provider)
) STRICT;

-- The organisation's saved card (one per provider; a new card replaces the old one).
CREATE TABLE payment_methods (
    org_id      INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    provider    TEXT NOT NULL CHECK (provider IN ('stripe')),
    customer_id TEXT NOT NULL CHECK (customer_id <> ''),
    method_id   TEXT NOT NULL CHECK (method_id <> ''),
    brand       TEXT NOT NULL DEFAULT '',
    last4       TEXT NOT NULL DEFAULT '' CHECK (length(last4) <= 4),
    exp_month   INTEGER NOT NULL DEFAULT 0,
    exp_year    INTEGER NOT NULL DEFAULT 0,
    payment_id  INTEGER REFERENCES payments (id) ON DELETE SET NULL, -- the payment that saved it
    created_at  TEXT NOT NULL,
    PRIMARY KEY (org_id, provider)
) STRICT;

-- Each off-session charge of a payment: attempt n uses the idempotency key
-- gerege:charge:<payment>:<n>, so asking again never charges twice. started = the request was
-- sent and no answer is recorded yet (the process stopped): the next attempt asks again with
-- the same key first.
CREATE TABLE payment_charges (
    payment_id      INTEGER NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
    attempt         INTEGER NOT NULL CHECK (attempt >= 0),
    idempotency_key TEXT NOT NULL UNIQUE,
    method_id       TEXT NOT NULL,
    intent_id       TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL CHECK (status IN ('started', 'processing', 'succeeded', 'declined')),
    code            TEXT NOT NULL DEFAULT '',                        -- card_declined, authentication_required, …
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    PRIMARY KEY (payment_id, attempt)
) STRICT;
