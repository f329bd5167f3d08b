-- The resized copies of a post's cover (app/communities covers.go): the upload is decoded,
-- resized to the widths the pages use and re-encoded (which drops EXIF and GPS), and each
-- size is a file of its own. posts.cover_file_id names the largest.
CREATE TABLE post_covers (
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    width   INTEGER NOT NULL,
    height  INTEGER NOT NULL,
    file_id INTEGER NOT NULL REFERENCES files (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, width)
) WITHOUT ROWID, STRICT;
CREATE UNIQUE INDEX post_covers_file_idx ON post_covers (file_id);

-- Search over posts and topics together (no kind) walks the published ones newest first.
CREATE INDEX posts_status_published_idx ON posts (status, published_at DESC, id DESC);
