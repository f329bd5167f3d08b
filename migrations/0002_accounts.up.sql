-- Accounts: individuals, enterprise members (through an organisation), platform admins.
CREATE TABLE users (
    id                INTEGER PRIMARY KEY,
    email             TEXT NOT NULL COLLATE NOCASE UNIQUE,
    password_hash     TEXT NOT NULL,
    first_name        TEXT NOT NULL,
    last_name         TEXT NOT NULL,
    date_of_birth     TEXT,                       -- YYYY-MM-DD; NULL until given (mobile sign-up)
    account_type      TEXT NOT NULL CHECK (account_type IN ('individual', 'enterprise')),
    is_admin          INTEGER NOT NULL DEFAULT 0,
    language          TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'mn')),
    email_verified_at TEXT,
    terms_version     TEXT,
    privacy_version   TEXT,
    terms_accepted_at TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
) STRICT;

CREATE TABLE organizations (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE memberships (
    organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'counselor')),
    created_at      TEXT NOT NULL,
    PRIMARY KEY (organization_id, user_id)
) STRICT;
CREATE UNIQUE INDEX memberships_user_idx ON memberships (user_id); -- one organisation per account

CREATE TABLE invitations (
    id              INTEGER PRIMARY KEY,
    organization_id INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    email           TEXT NOT NULL COLLATE NOCASE,
    role            TEXT NOT NULL CHECK (role IN ('manager', 'counselor')),
    token_hash      TEXT NOT NULL UNIQUE,
    invited_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    expires_at      TEXT NOT NULL,
    accepted_at     TEXT
) STRICT;
CREATE INDEX invitations_org_idx ON invitations (organization_id);

-- One-time codes sent by email: a 6-digit code and a link token, both stored hashed.
CREATE TABLE email_codes (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    code_hash  TEXT NOT NULL,
    link_hash  TEXT NOT NULL UNIQUE,
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
) STRICT;
CREATE INDEX email_codes_user_idx ON email_codes (user_id, purpose);

-- One row per signed-in device: a web (cookie) session or a mobile refresh-token family.
CREATE TABLE auth_sessions (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('web', 'api')),
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    revoked_at   TEXT
) STRICT;
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
) STRICT;
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- National ID verification: the registry number is encrypted (AES-GCM), only a mask is kept clear.
CREATE TABLE id_verifications (
    user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    status        TEXT NOT NULL CHECK (status IN ('verified', 'declined')),
    surname       TEXT NOT NULL DEFAULT '',
    given_name    TEXT NOT NULL DEFAULT '',
    date_of_birth TEXT NOT NULL DEFAULT '',
    id_number_enc BLOB,
    id_number_mask TEXT NOT NULL DEFAULT '',
    updated_at    TEXT NOT NULL
) STRICT;

-- Every email the platform writes. Delivered by SMTP when configured; otherwise admins read it here.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    to_addr    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body_text  TEXT NOT NULL,
    body_html  TEXT NOT NULL,
    kind       TEXT NOT NULL,
    lang       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sent_at    TEXT,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX outbox_pending_idx ON outbox (sent_at, id);

-- Security events, readable by admins.
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY,
    at         TEXT NOT NULL,
    event      TEXT NOT NULL,
    actor_id   INTEGER,
    subject_id INTEGER,
    ip         TEXT NOT NULL DEFAULT '',
    detail     TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
