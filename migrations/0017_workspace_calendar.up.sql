-- The workspace's calendar and appointments (app/workspace/calendar): counselors' availability,
-- bookings of their slots, people's own events and their private .ics feed.

-- A host's booking settings (counselors, owners and managers who publish availability).
CREATE TABLE booking_hosts (
    user_id        INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    slot_minutes   INTEGER NOT NULL DEFAULT 30 CHECK (slot_minutes BETWEEN 10 AND 240),
    buffer_minutes INTEGER NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 120),
    time_zone      TEXT NOT NULL DEFAULT 'Asia/Ulaanbaatar',
    published      INTEGER NOT NULL DEFAULT 0,
    updated_at     TEXT NOT NULL
) STRICT;

-- Weekly hours: minutes from local midnight, weekday 0 = Sunday … 6 = Saturday.
CREATE TABLE booking_hours (
    user_id   INTEGER NOT NULL REFERENCES booking_hosts (user_id) ON DELETE CASCADE,
    weekday   INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    start_min INTEGER NOT NULL CHECK (start_min BETWEEN 0 AND 1440),
    end_min   INTEGER NOT NULL CHECK (end_min BETWEEN 0 AND 1440 AND end_min > start_min)
) STRICT;
CREATE INDEX booking_hours_idx ON booking_hours (user_id, weekday, start_min);

-- Exceptions on one local day: a day off (kind off, the whole day) or extra hours.
CREATE TABLE booking_exceptions (
    id        INTEGER PRIMARY KEY,
    user_id   INTEGER NOT NULL REFERENCES booking_hosts (user_id) ON DELETE CASCADE,
    day       TEXT NOT NULL, -- YYYY-MM-DD in the host's time zone
    kind      TEXT NOT NULL CHECK (kind IN ('off', 'extra')),
    start_min INTEGER NOT NULL DEFAULT 0 CHECK (start_min BETWEEN 0 AND 1440),
    end_min   INTEGER NOT NULL DEFAULT 1440 CHECK (end_min BETWEEN 0 AND 1440 AND end_min > start_min)
) STRICT;
CREATE INDEX booking_exceptions_idx ON booking_exceptions (user_id, day);

-- A booked slot. Only one active (booked or no-show) booking per host and start: the unique
-- index is what makes concurrent attempts at the same slot end with exactly one booking.
CREATE TABLE bookings (
    id           INTEGER PRIMARY KEY,
    host_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    student_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    start_at     TEXT NOT NULL,
    end_at       TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled', 'no_show')),
    note         TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    cancelled_at TEXT,
    cancelled_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reminded_at  TEXT
) STRICT;
CREATE UNIQUE INDEX bookings_slot_idx ON bookings (host_id, start_at) WHERE status <> 'cancelled';
CREATE INDEX bookings_student_idx ON bookings (student_id, start_at);
CREATE INDEX bookings_reminder_idx ON bookings (start_at) WHERE status = 'booked' AND reminded_at IS NULL;

-- A person's own events.
CREATE TABLE calendar_events (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title      TEXT NOT NULL,
    notes      TEXT NOT NULL DEFAULT '',
    location   TEXT NOT NULL DEFAULT '',
    start_at   TEXT NOT NULL,
    end_at     TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX calendar_events_user_idx ON calendar_events (user_id, start_at, end_at);

-- A person's private .ics feed: only the token's hash is kept; revoking deletes the row.
CREATE TABLE calendar_feeds (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
) STRICT;

-- Invitations to a person's event: the people invited answer accept or decline.
CREATE TABLE calendar_invites (
    event_id     INTEGER NOT NULL REFERENCES calendar_events (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
    created_at   TEXT NOT NULL,
    responded_at TEXT,
    PRIMARY KEY (event_id, user_id)
) STRICT;
CREATE INDEX calendar_invites_user_idx ON calendar_invites (user_id, event_id);
