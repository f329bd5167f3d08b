-- Workspace chat: group members (app/workspace/chat, groups.go). A group has an admin (its
-- creator, then the oldest member when the last admin leaves); members are added, removed
-- and leave; each change is a system line of the conversation (a message of a kind other than
-- 'text', rendered in each reader's language: the row keeps who did what to whom, never words).
-- No foreign keys on the added columns (so the down migration can drop them): an account's
-- erasure clears them (EraseChatSender).
ALTER TABLE chat_conversations ADD COLUMN admin_id INTEGER;
-- Existing groups: their creator, or when that account is gone the member who joined first.
UPDATE chat_conversations SET admin_id = coalesce(created_by, (SELECT user_id FROM chat_members
    WHERE conversation_id = chat_conversations.id ORDER BY joined_at, user_id LIMIT 1)) WHERE kind = 'group';

-- kind: text (a person's message), or a system line: added, removed, left, renamed (body: the
-- new title), admin (subject became the group's admin). sender_id: who did it; subject_id: to whom.
ALTER TABLE chat_messages ADD COLUMN kind TEXT NOT NULL DEFAULT 'text'
    CHECK (kind IN ('text', 'added', 'removed', 'left', 'renamed', 'admin'));
ALTER TABLE chat_messages ADD COLUMN subject_id INTEGER;

-- People who were members of a group: they keep its history up to their removal (messages up
-- to until_message_id, events up to until_event_id), read-only, under the title the group had
-- then (a later rename is not theirs to see). Re-adding them deletes the row.
CREATE TABLE chat_former_members (
    conversation_id  INTEGER NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    until_message_id INTEGER NOT NULL,
    until_event_id   INTEGER NOT NULL,
    title            TEXT NOT NULL,
    left_at          TEXT NOT NULL,
    PRIMARY KEY (conversation_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX chat_former_members_user_idx ON chat_former_members (user_id, left_at);
