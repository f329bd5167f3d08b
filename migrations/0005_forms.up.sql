-- Staff roles for the forms desk: 1 = desk (lists, statuses, notes, exports without
-- sensitive fields), 2 = desk with sensitive fields (medical conditions, dates of birth,
-- contacts of minors). Platform admins have both.
ALTER TABLE users ADD COLUMN staff INTEGER NOT NULL DEFAULT 0 CHECK (staff IN (0, 1, 2));

-- Every submission of the four public forms. Non-sensitive answers are JSON in data; the
-- sensitive ones are sealed together (AES-256-GCM) in sensitive.
CREATE TABLE submissions (
    id         INTEGER PRIMARY KEY,
    form       TEXT NOT NULL CHECK (form IN ('contact', 'support', 'volunteer', 'roadmap')),
    reference  TEXT NOT NULL UNIQUE,
    status     TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_review', 'accepted', 'rejected', 'opted_out')),
    lang       TEXT NOT NULL,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    country    TEXT NOT NULL DEFAULT '',
    user_id    INTEGER REFERENCES users (id) ON DELETE SET NULL,
    data       TEXT NOT NULL,
    sensitive  BLOB,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX submissions_form_created_idx ON submissions (form, created_at, id);
CREATE INDEX submissions_form_status_idx ON submissions (form, status, created_at, id);
CREATE INDEX submissions_form_country_idx ON submissions (form, country, created_at, id);
CREATE INDEX submissions_form_name_idx ON submissions (form, name, id);

-- Substring search over name, email, reference and a few answers, any case (trigram).
CREATE VIRTUAL TABLE submissions_search USING fts5 (body, tokenize = 'trigram case_sensitive 0', content = '', contentless_delete = 1);

CREATE TABLE submission_events (
    id            INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    at            TEXT NOT NULL,
    actor_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('created', 'status', 'note')),
    from_status   TEXT NOT NULL DEFAULT '',
    to_status     TEXT NOT NULL DEFAULT '',
    note          TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX submission_events_idx ON submission_events (submission_id, id);

-- What was deleted, by whom and why (the submission itself is gone).
CREATE TABLE submission_deletions (
    id         INTEGER PRIMARY KEY,
    reference  TEXT NOT NULL,
    form       TEXT NOT NULL,
    deleted_at TEXT NOT NULL,
    actor_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reason     TEXT NOT NULL
) STRICT;

-- A person's request to delete their submission, for staff to act on.
CREATE TABLE deletion_requests (
    id         INTEGER PRIMARY KEY,
    reference  TEXT NOT NULL,
    email      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    handled_at TEXT
) STRICT;

CREATE TABLE form_sequences (
    prefix TEXT PRIMARY KEY,   -- e.g. CVP-2026
    last   INTEGER NOT NULL
) STRICT;

-- Idempotency-Key: the first answer to a key is kept for 24 hours and repeated.
CREATE TABLE idempotency_keys (
    scope      TEXT NOT NULL,
    key        TEXT NOT NULL,
    status     INTEGER NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope, key)
) STRICT;
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Signed-in users' drafts, so a long form follows them to another device.
CREATE TABLE form_drafts (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    form       TEXT NOT NULL,
    data       TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, form)
) STRICT;
