-- Billing (app/store/billing): plans, subscriptions of organisations, invoices and credit
-- notes, the notices of price changes and the acceptances of the terms.
-- Money is an integer in the currency's minor unit (MNT ×1, USD cents).

CREATE TABLE billing_plans (
    id              INTEGER PRIMARY KEY,
    code            TEXT NOT NULL UNIQUE,              -- "free" is the plan of every organisation without a subscription
    name_en         TEXT NOT NULL,
    name_mn         TEXT NOT NULL,
    summary_en      TEXT NOT NULL DEFAULT '',
    summary_mn      TEXT NOT NULL DEFAULT '',
    max_postings    INTEGER NOT NULL CHECK (max_postings >= -1),    -- -1: no limit
    max_staff       INTEGER NOT NULL CHECK (max_staff >= -1),
    max_communities INTEGER NOT NULL CHECK (max_communities >= -1),
    price_mnt       INTEGER NOT NULL CHECK (price_mnt >= 0),
    price_usd       INTEGER NOT NULL CHECK (price_usd >= 0),
    active          INTEGER NOT NULL DEFAULT 1,
    sort            INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
) STRICT;

INSERT INTO billing_plans (code, name_en, name_mn, summary_en, summary_mn, max_postings, max_staff, max_communities,
    price_mnt, price_usd, sort, created_at, updated_at) VALUES
 ('free', 'Free', 'Үнэгүй', 'For trying the platform as an organization', 'Платформыг байгууллагаараа туршихад', 2, 2, 0, 0, 0, 0, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
 ('starter', 'Enterprise Starter', 'Байгууллага Эхлэл', 'For counselors and small organizations', 'Зөвлөх болон жижиг байгууллагад', 10, 5, 1, 49000, 1500, 1, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
 ('pro', 'Enterprise Pro', 'Байгууллага Про', 'For schools, agencies and growing teams', 'Сургууль, зуучлалын байгууллага, өсөн нэмэгдэж буй багт', -1, 25, 5, 149000, 4500, 2, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');

-- One subscription per organisation (a new one replaces an ended one in place).
CREATE TABLE billing_subscriptions (
    id                   INTEGER PRIMARY KEY,
    org_id               INTEGER NOT NULL UNIQUE REFERENCES organizations (id) ON DELETE CASCADE,
    owner_id             INTEGER REFERENCES users (id) ON DELETE SET NULL,   -- who subscribed (emails go to the owner)
    plan_id              INTEGER NOT NULL REFERENCES billing_plans (id),
    next_plan_id         INTEGER REFERENCES billing_plans (id),              -- a downgrade, applied at the next renewal
    currency             TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    price                INTEGER NOT NULL CHECK (price >= 0),               -- charged at each renewal (locked until a notice takes effect)
    status               TEXT NOT NULL CHECK (status IN ('pending', 'active', 'past_due', 'ended')),
    period_start         TEXT,
    period_end           TEXT,
    cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
    attempts             INTEGER NOT NULL DEFAULT 0,                         -- failed renewal attempts of the current renewal
    next_attempt_at      TEXT,
    renewal_invoice_id   INTEGER,                                            -- the unpaid renewal's invoice
    provider             TEXT NOT NULL DEFAULT 'bank',
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL
) STRICT;
CREATE INDEX billing_subscriptions_due_idx ON billing_subscriptions (period_end) WHERE status IN ('active', 'past_due');
CREATE INDEX billing_subscriptions_plan_idx ON billing_subscriptions (plan_id, currency) WHERE status IN ('active', 'past_due', 'pending');

-- The no-refund terms an owner accepted when subscribing: proof.
CREATE TABLE billing_terms_acceptances (
    id            INTEGER PRIMARY KEY,
    org_id        INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    plan_id       INTEGER NOT NULL REFERENCES billing_plans (id),
    terms_version TEXT NOT NULL,
    accepted_at   TEXT NOT NULL,
    ip            TEXT NOT NULL
) STRICT;

-- A price change's notice to one subscription: the email's text and its outbox row, when it
-- was queued and delivered, and the first renewal date the new price may be charged from.
CREATE TABLE billing_price_notices (
    id              INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES billing_subscriptions (id) ON DELETE CASCADE,
    plan_id         INTEGER NOT NULL REFERENCES billing_plans (id),
    currency        TEXT NOT NULL,
    old_price       INTEGER NOT NULL,
    new_price       INTEGER NOT NULL,
    email_to        TEXT NOT NULL,
    email_lang      TEXT NOT NULL,
    email_subject   TEXT NOT NULL,
    email_text      TEXT NOT NULL,
    outbox_id       INTEGER,
    sent_at         TEXT NOT NULL,
    delivered_at    TEXT,
    effective_from  TEXT NOT NULL,
    applied_at      TEXT
) STRICT;
CREATE INDEX billing_price_notices_sub_idx ON billing_price_notices (subscription_id, effective_from);
CREATE INDEX billing_price_notices_undelivered_idx ON billing_price_notices (outbox_id) WHERE delivered_at IS NULL;

-- Invoice numbers: one sequence per year, allocated inside the issuing transaction.
CREATE TABLE billing_invoice_counters (
    year INTEGER PRIMARY KEY,
    last INTEGER NOT NULL
) STRICT;

CREATE TABLE billing_invoices (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL DEFAULT 'invoice' CHECK (kind IN ('invoice', 'credit')),
    credits_id      INTEGER REFERENCES billing_invoices (id),                -- a credit note's invoice
    status          TEXT NOT NULL CHECK (status IN ('draft', 'issued', 'paid', 'void')),
    year            INTEGER,
    seq             INTEGER,
    number          TEXT UNIQUE,                                             -- "2026-00001" once issued
    org_id          INTEGER REFERENCES organizations (id) ON DELETE SET NULL,
    subscription_id INTEGER REFERENCES billing_subscriptions (id) ON DELETE SET NULL,
    payment_id      INTEGER,
    purpose         TEXT NOT NULL DEFAULT 'manual' CHECK (purpose IN ('manual', 'subscribe', 'renewal', 'upgrade', 'credit')),
    plan_id         INTEGER REFERENCES billing_plans (id),
    lang            TEXT NOT NULL DEFAULT 'mn' CHECK (lang IN ('en', 'mn')),
    currency        TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    seller_name     TEXT NOT NULL,
    seller_address  TEXT NOT NULL,
    seller_tax_id   TEXT NOT NULL,
    buyer_name      TEXT NOT NULL,
    buyer_address   TEXT NOT NULL DEFAULT '',
    buyer_tax_id    TEXT NOT NULL DEFAULT '',
    buyer_email     TEXT NOT NULL DEFAULT '',
    lines           TEXT NOT NULL DEFAULT '[]',                              -- JSON [{description, quantity, unitPrice}], VAT included
    vat_rate_bp     INTEGER NOT NULL CHECK (vat_rate_bp BETWEEN 0 AND 10000), -- basis points: 1000 = 10%
    total           INTEGER NOT NULL,
    vat             INTEGER NOT NULL,
    period_start    TEXT,
    period_end      TEXT,
    note            TEXT NOT NULL DEFAULT '',
    created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    issued_at       TEXT,
    due_at          TEXT,
    paid_at         TEXT,
    voided_at       TEXT,
    UNIQUE (year, seq)
) STRICT;
CREATE INDEX billing_invoices_org_idx ON billing_invoices (org_id, id);
CREATE INDEX billing_invoices_payment_idx ON billing_invoices (payment_id) WHERE payment_id IS NOT NULL;

-- Issued invoices are never changed: only their status moves (issued → paid | void), and a
-- credit note credits them.
CREATE TRIGGER billing_invoices_frozen BEFORE UPDATE ON billing_invoices
WHEN OLD.status <> 'draft' AND (NEW.lines IS NOT OLD.lines OR NEW.total IS NOT OLD.total OR NEW.vat IS NOT OLD.vat
    OR NEW.number IS NOT OLD.number OR NEW.currency IS NOT OLD.currency OR NEW.buyer_name IS NOT OLD.buyer_name
    OR NEW.buyer_address IS NOT OLD.buyer_address OR NEW.buyer_tax_id IS NOT OLD.buyer_tax_id
    OR NEW.seller_name IS NOT OLD.seller_name OR NEW.seller_tax_id IS NOT OLD.seller_tax_id
    OR NEW.vat_rate_bp IS NOT OLD.vat_rate_bp OR NEW.issued_at IS NOT OLD.issued_at OR NEW.status = 'draft')
BEGIN
    SELECT RAISE(ABORT, 'billing: an issued invoice cannot be changed');
END;
CREATE TRIGGER billing_invoices_no_delete BEFORE DELETE ON billing_invoices
WHEN OLD.status <> 'draft'
BEGIN
    SELECT RAISE(ABORT, 'billing: an issued invoice cannot be deleted');
END;
