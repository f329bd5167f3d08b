-- Issues #14 and #15: community events with dates, answers (going / not going) and a
-- capacity; they join the calendar of everyone going. Times are UTC (shown in Ulaanbaatar).
CREATE TABLE community_events (
    id             INTEGER PRIMARY KEY,
    community_id   INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    created_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    title_en       TEXT NOT NULL DEFAULT '',
    title_mn       TEXT NOT NULL DEFAULT '',
    description_en TEXT NOT NULL DEFAULT '',       -- Markdown as written
    description_mn TEXT NOT NULL DEFAULT '',
    html_en        TEXT NOT NULL DEFAULT '',       -- rendered and sanitised on save
    html_mn        TEXT NOT NULL DEFAULT '',
    start_at       TEXT NOT NULL,
    end_at         TEXT NOT NULL,
    online_url     TEXT NOT NULL DEFAULT '',       -- https only
    place          TEXT NOT NULL DEFAULT '',
    capacity       INTEGER NOT NULL DEFAULT 0 CHECK (capacity >= 0), -- 0: no limit
    going_count    INTEGER NOT NULL DEFAULT 0 CHECK (going_count >= 0),
    status         TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
    cancel_reason  TEXT NOT NULL DEFAULT '',
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    CHECK (end_at > start_at),
    CHECK (capacity = 0 OR going_count <= capacity)
) STRICT;
-- A community's upcoming events by start (keyset on start_at, id).
CREATE INDEX community_events_start_idx ON community_events (community_id, start_at, id);

-- One answer per person and event; reminded_at: the reminder the day before went (once).
-- start_at is the event's (kept with it when it moves), so a person's calendar window and the
-- reminders due are ranges of an index rather than walks over every answer.
CREATE TABLE community_event_rsvps (
    event_id    INTEGER NOT NULL REFERENCES community_events (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    answer      TEXT NOT NULL CHECK (answer IN ('going', 'not_going')),
    start_at    TEXT NOT NULL,
    reminded_at TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (event_id, user_id)
) STRICT, WITHOUT ROWID;
-- A person's events by start (their calendar, the feed, "my events"); the reminders due.
CREATE INDEX community_event_rsvps_user_idx ON community_event_rsvps (user_id, answer, start_at, event_id);
CREATE INDEX community_event_rsvps_remind_idx ON community_event_rsvps (start_at) WHERE answer = 'going' AND reminded_at IS NULL;

-- An event's history (who created, changed or cancelled it, and why), like moderation_actions.
CREATE TABLE community_event_log (
    id         INTEGER PRIMARY KEY,
    event_id   INTEGER NOT NULL REFERENCES community_events (id) ON DELETE CASCADE,
    actor_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    action     TEXT NOT NULL CHECK (action IN ('create', 'update', 'cancel')),
    reason     TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
) STRICT;
CREATE INDEX community_event_log_event_idx ON community_event_log (event_id, id);
