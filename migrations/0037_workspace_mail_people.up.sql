-- Workspace mail (app/workspace/mail): leaving a thread and removing someone added to it.
-- A person who left or was removed keeps their view of the thread (what they had), fixed at
-- the newest message and event of the thread at that moment; they are no longer a participant
-- (until_message is not NULL) and get nothing later.
ALTER TABLE mail_views ADD COLUMN added_by INTEGER;       -- who added the owner with a reply (NULL: in the thread from its first letter); kept when that account is deleted
ALTER TABLE mail_views ADD COLUMN joined_message INTEGER; -- the letter that added them (NULL: from the first letter)
ALTER TABLE mail_views ADD COLUMN until_message INTEGER;  -- left or removed: the newest message they still see (NULL: a participant)
ALTER TABLE mail_views ADD COLUMN until_event INTEGER;    -- and the newest event of the thread they still see

-- What happened to a thread's people: someone left, or someone was removed (by actor). Words
-- are the reader's client's (each reader's language); the row keeps who did what to whom.
CREATE TABLE mail_events (
    id            INTEGER PRIMARY KEY,
    thread_id     INTEGER NOT NULL REFERENCES mail_threads (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('left', 'removed')),
    actor_id      INTEGER REFERENCES users (id) ON DELETE SET NULL, -- who left, or who removed (NULL: a deleted account)
    subject_id    INTEGER REFERENCES users (id) ON DELETE SET NULL, -- removed: who was removed
    after_message INTEGER NOT NULL, -- the thread's newest message when it happened (where it shows)
    created_at    TEXT NOT NULL
) STRICT;
CREATE INDEX mail_events_thread_idx ON mail_events (thread_id, id);
