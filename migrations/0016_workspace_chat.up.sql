-- Workspace: chat (app/workspace/chat). Conversations (one-to-one, group, support), their
-- members with receipts and unread counts, messages, and the event log the real-time stream
-- resumes from (Last-Event-ID).
CREATE TABLE chat_conversations (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('direct', 'group', 'support')),
    title           TEXT NOT NULL DEFAULT '',
    -- direct: "<lower id>:<higher id>", one conversation per pair; support: "support:<id>" of
    -- the person who asked; NULL for groups.
    pair_key        TEXT UNIQUE,
    created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    last_message_id INTEGER NOT NULL DEFAULT 0,
    last_message_at TEXT NOT NULL
) STRICT;
CREATE INDEX chat_conversations_support_idx ON chat_conversations (kind, last_message_at DESC, id DESC);

CREATE TABLE chat_members (
    conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role            TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'support')),
    joined_at       TEXT NOT NULL,
    delivered_id    INTEGER NOT NULL DEFAULT 0, -- the last message that reached one of their devices
    read_id         INTEGER NOT NULL DEFAULT 0, -- the last message they read
    unread          INTEGER NOT NULL DEFAULT 0, -- messages of others after read_id (kept by each write)
    PRIMARY KEY (conversation_id, user_id)
) STRICT, WITHOUT ROWID;
-- A person's conversations and the total of their unread counts (the widget's one query).
CREATE INDEX chat_members_user_idx ON chat_members (user_id, unread);

CREATE TABLE chat_messages (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    sender_id       INTEGER REFERENCES users (id) ON DELETE SET NULL, -- NULL: the account was deleted
    client_id       TEXT NOT NULL,  -- the sender's id for the message: a retried send is the same message
    body            TEXT NOT NULL,
    file_id         INTEGER REFERENCES files (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    edited_at       TEXT,
    deleted_at      TEXT
) STRICT;
-- The last 50 messages of a conversation: a range scan backwards on this index.
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
CREATE UNIQUE INDEX chat_messages_client_idx ON chat_messages (sender_id, client_id);
CREATE INDEX chat_messages_file_idx ON chat_messages (file_id) WHERE file_id IS NOT NULL;

-- What happened in a conversation, in order: the stream sends these with their id and a
-- reconnecting client resumes after the last id it saw.
CREATE TABLE chat_events (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('message', 'edited', 'deleted', 'delivered', 'read')),
    message_id      INTEGER NOT NULL,
    user_id         INTEGER NOT NULL DEFAULT 0, -- delivered/read: whose receipt
    created_at      TEXT NOT NULL
) STRICT;
CREATE INDEX chat_events_conversation_idx ON chat_events (conversation_id, id);
