-- Direction Board (career test) attempts. The key lets an anonymous taker (web cookie or the
-- mobile app's header) come back to the attempt; result_token makes the emailed results link.
CREATE TABLE db_attempts (
    id            TEXT PRIMARY KEY,
    key_hash      TEXT NOT NULL,
    user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    lang          TEXT NOT NULL CHECK (lang IN ('en', 'mn')),
    started_at    TEXT NOT NULL,
    deadline_at   TEXT NOT NULL,
    finished_at   TEXT,
    timed_out     INTEGER NOT NULL DEFAULT 0,
    code          TEXT NOT NULL DEFAULT '',
    scores        TEXT NOT NULL DEFAULT '',   -- JSON {"R":0-100,…}
    unanswered    INTEGER NOT NULL DEFAULT 0,
    result_token  TEXT NOT NULL UNIQUE,
    emailed_at    TEXT
) STRICT;
CREATE INDEX db_attempts_user_idx ON db_attempts (user_id, started_at);
CREATE INDEX db_attempts_started_idx ON db_attempts (started_at);

CREATE TABLE db_answers (
    attempt_id  TEXT NOT NULL REFERENCES db_attempts (id) ON DELETE CASCADE,
    item_id     TEXT NOT NULL,
    value       INTEGER NOT NULL CHECK (value BETWEEN 1 AND 5),
    answered_at TEXT NOT NULL,
    PRIMARY KEY (attempt_id, item_id)
) STRICT, WITHOUT ROWID;
