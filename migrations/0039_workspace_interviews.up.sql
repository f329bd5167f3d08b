-- Interviews of applications (app/workspace/interviews): staff who review an organisation's
-- applicants schedule an interview (a time, a length, an online link or a place, a note); the
-- applicant confirms it, asks for another time, or cancels; it is in both people's calendars.

-- One row per interview. An application has at most one live interview at a time (the partial
-- unique index: two staff scheduling at once end with one); once it has been held, a next
-- round may be scheduled (the earlier row stays, status held).
CREATE TABLE interviews (
    id                INTEGER PRIMARY KEY,
    application_id    INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    organization_id   INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    applicant_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scheduler_id      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    start_at          TEXT NOT NULL,
    minutes           INTEGER NOT NULL CHECK (minutes BETWEEN 15 AND 240),
    link              TEXT NOT NULL DEFAULT '',
    place             TEXT NOT NULL DEFAULT '',
    note              TEXT NOT NULL DEFAULT '',
    status            TEXT NOT NULL DEFAULT 'proposed'
                      CHECK (status IN ('proposed', 'confirmed', 'change_requested', 'cancelled', 'held')),
    applicant_message TEXT NOT NULL DEFAULT '',
    cancel_reason     TEXT NOT NULL DEFAULT '',
    cancelled_by      TEXT NOT NULL DEFAULT '' CHECK (cancelled_by IN ('', 'staff', 'applicant', 'withdrawn', 'declined')),
    reminded_at       TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX interviews_live_idx ON interviews (application_id)
    WHERE status IN ('proposed', 'confirmed', 'change_requested');
CREATE INDEX interviews_applicant_idx ON interviews (applicant_id, start_at);
CREATE INDEX interviews_scheduler_idx ON interviews (scheduler_id, start_at);
CREATE INDEX interviews_reminder_idx ON interviews (start_at)
    WHERE status IN ('proposed', 'confirmed') AND reminded_at IS NULL;
