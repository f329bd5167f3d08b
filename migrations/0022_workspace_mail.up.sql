-- Workspace: mail (app/workspace/mail). Threads and their messages (shared by the thread's
-- participants), each participant's own view of a thread (folder, stars, unread count), their
-- own labels, and mail_boxes: the listing index, one row per (person, folder or label, thread),
-- so a folder's page is one range of its primary key whatever the size of the mailbox.
CREATE TABLE mail_threads (
    id              INTEGER PRIMARY KEY,
    subject         TEXT NOT NULL,
    system          INTEGER NOT NULL DEFAULT 0, -- sent by the platform: no reply
    created_at      TEXT NOT NULL,
    last_message_id INTEGER NOT NULL DEFAULT 0, -- the newest sent message (drafts are not counted)
    last_at         TEXT NOT NULL
) STRICT;

CREATE TABLE mail_messages (
    id          INTEGER PRIMARY KEY,
    thread_id   INTEGER NOT NULL REFERENCES mail_threads (id) ON DELETE CASCADE,
    sender_id   INTEGER REFERENCES users (id) ON DELETE SET NULL, -- NULL: the platform (system) or a deleted account
    system      INTEGER NOT NULL DEFAULT 0,
    recipients  TEXT NOT NULL DEFAULT '[]', -- JSON array of user ids (a draft's: who it will go to)
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    link        TEXT NOT NULL DEFAULT '',   -- system mail: the page it is about
    forward_of  INTEGER,                    -- the message this one forwards
    draft       INTEGER NOT NULL DEFAULT 0, -- only its sender sees a draft
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
) STRICT;
CREATE INDEX mail_messages_thread_idx ON mail_messages (thread_id, id);
CREATE INDEX mail_messages_sender_idx ON mail_messages (sender_id, id) WHERE sender_id IS NOT NULL;

CREATE TABLE mail_attachments (
    message_id INTEGER NOT NULL REFERENCES mail_messages (id) ON DELETE CASCADE,
    file_id    INTEGER NOT NULL REFERENCES files (id) ON DELETE CASCADE,
    PRIMARY KEY (message_id, file_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX mail_attachments_file_idx ON mail_attachments (file_id);

-- A participant's view of a thread: being in it is what lets them read it.
CREATE TABLE mail_views (
    owner_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    thread_id  INTEGER NOT NULL REFERENCES mail_threads (id) ON DELETE CASCADE,
    place      TEXT NOT NULL CHECK (place IN ('inbox', 'archive', 'trash', 'none')), -- none: only sent or drafted by the owner
    starred    INTEGER NOT NULL DEFAULT 0,
    important  INTEGER NOT NULL DEFAULT 0,
    unread     INTEGER NOT NULL DEFAULT 0, -- messages of others the owner has not read
    sent       INTEGER NOT NULL DEFAULT 0, -- messages the owner sent in it
    drafts     INTEGER NOT NULL DEFAULT 0, -- the owner's drafts in it
    last_at    TEXT NOT NULL,              -- the newest message the owner sees
    trashed_at TEXT,                       -- when it went to the trash (deleted for good 30 days later)
    PRIMARY KEY (owner_id, thread_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX mail_views_thread_idx ON mail_views (thread_id);
CREATE INDEX mail_views_trashed_idx ON mail_views (trashed_at) WHERE trashed_at IS NOT NULL;

CREATE TABLE mail_labels (
    id         INTEGER PRIMARY KEY,
    owner_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL, -- the name lowercased: one label per name and person
    created_at TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX mail_labels_owner_idx ON mail_labels (owner_id, name_key);

CREATE TABLE mail_thread_labels (
    owner_id  INTEGER NOT NULL,
    thread_id INTEGER NOT NULL,
    label_id  INTEGER NOT NULL REFERENCES mail_labels (id) ON DELETE CASCADE,
    PRIMARY KEY (owner_id, thread_id, label_id),
    FOREIGN KEY (owner_id, thread_id) REFERENCES mail_views (owner_id, thread_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX mail_thread_labels_label_idx ON mail_thread_labels (label_id);

-- The listing index: box is inbox, sent, drafts, starred, important, archive, trash or
-- "label:<id>". A page of a folder is a range of the primary key (keyset paging on
-- last_at, thread_id); a thread's rows are rebuilt whenever its view changes.
CREATE TABLE mail_boxes (
    owner_id  INTEGER NOT NULL,
    box       TEXT NOT NULL,
    last_at   TEXT NOT NULL,
    thread_id INTEGER NOT NULL,
    unread    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner_id, box, last_at, thread_id),
    FOREIGN KEY (owner_id, thread_id) REFERENCES mail_views (owner_id, thread_id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE INDEX mail_boxes_thread_idx ON mail_boxes (owner_id, thread_id);

-- Per person and box, the threads with unread mail: kept by each rebuild of a thread's rows,
-- so the folders' counts are one short range whatever the size of the mailbox.
CREATE TABLE mail_counts (
    owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    box      TEXT NOT NULL,
    unread   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner_id, box)
) STRICT, WITHOUT ROWID;

-- Subject, text and sender of each sent message, folded for both languages (app/platform/search).
CREATE VIRTUAL TABLE mail_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1);
