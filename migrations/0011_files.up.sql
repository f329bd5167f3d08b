-- Uploads (app/platform/files): one row per uploaded file. The bytes are not here: they live
-- in the folder beside the data file (<data file>.files/<first two hex digits>/<sha256>),
-- written once, named by their SHA-256 and shared by every row with the same content; a
-- blob is removed only when no row names its sha256. See docs/architecture.md, "Files".
CREATE TABLE files (
    id            INTEGER PRIMARY KEY,
    sha256        TEXT NOT NULL CHECK (length(sha256) = 64),
    size          INTEGER NOT NULL CHECK (size >= 0),
    media_type    TEXT NOT NULL,  -- sniffed from the content, never taken from the client
    name          TEXT NOT NULL,  -- the uploader's file name, cleaned (no folders, no control characters)
    -- The uploader. An upload is the uploader's personal data: deleting the account deletes
    -- the rows, and the blob sweep then removes bytes nothing references any more. NULL for
    -- files the platform itself stored.
    owner_user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    purpose       TEXT NOT NULL,  -- the policy it was accepted under ("document", "image", ...)
    created_at    TEXT NOT NULL,
    -- NULL until a module attaches the file to its own row (in the module's transaction);
    -- unattached files are deleted a day after upload.
    attached_at   TEXT
) STRICT;
CREATE INDEX files_sha256_idx ON files (sha256);
CREATE INDEX files_owner_idx ON files (owner_user_id, purpose);
CREATE INDEX files_unattached_idx ON files (created_at) WHERE attached_at IS NULL;
