-- Notifications (app/platform/notify): one row per thing a person is told, in-app and, per
-- their preferences, by email. Titles and bodies are not stored: kind names a registered kind
-- whose i18n keys are rendered in the reader's language with params (JSON of strings).
CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    params      TEXT NOT NULL DEFAULT '{}',
    link        TEXT NOT NULL DEFAULT '',  -- a path without the language prefix ("/dashboard")
    created_at  TEXT NOT NULL,
    read_at     TEXT,
    -- What email this notification still owes: '' none (off, or done), 'due' an immediate
    -- email, 'digest' a line in the next daily digest; 'sent' once it went into the outbox.
    email       TEXT NOT NULL DEFAULT '' CHECK (email IN ('', 'due', 'digest', 'sent')),
    emailed_at  TEXT
) STRICT;
-- The list (newest first, keyset on created_at, id) and the unread count.
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at, id);
CREATE INDEX notifications_unread_idx ON notifications (user_id, created_at, id) WHERE read_at IS NULL;
-- The email runner's queue.
CREATE INDEX notifications_email_idx ON notifications (email, id) WHERE email IN ('due', 'digest');

-- Per person and per kind: how email is sent. No row means the kind's default.
CREATE TABLE notification_prefs (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    email      TEXT NOT NULL CHECK (email IN ('immediate', 'digest', 'off')),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
) STRICT;

-- The one-click unsubscribe URL of an email (RFC 8058): the mailer sends it as the
-- List-Unsubscribe header with List-Unsubscribe-Post. Empty for transactional email.
ALTER TABLE outbox ADD COLUMN list_unsubscribe TEXT NOT NULL DEFAULT '';
