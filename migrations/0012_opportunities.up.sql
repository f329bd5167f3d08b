-- Opportunities (app/opportunities): organisations verified once by an admin, postings of seven
-- kinds with their lifecycle and history, saved postings, applications with their timeline.

-- An organisation's public profile and its verification (one row per organisation that asked
-- to be verified). Accounts owns organizations and memberships; this module owns the rest.
CREATE TABLE org_profiles (
    organization_id     INTEGER PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    slug                TEXT NOT NULL UNIQUE,
    description_en      TEXT NOT NULL DEFAULT '',
    description_mn      TEXT NOT NULL DEFAULT '',
    website             TEXT NOT NULL DEFAULT '',
    country             TEXT NOT NULL DEFAULT '',
    city                TEXT NOT NULL DEFAULT '',
    -- Verification: what the organisation declared, and the admin's decision.
    registration_number TEXT NOT NULL DEFAULT '',
    contact_name        TEXT NOT NULL DEFAULT '',
    contact_email       TEXT NOT NULL DEFAULT '',  -- at the organisation's own domain
    contact_phone       TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL DEFAULT 'unverified'
                        CHECK (status IN ('unverified', 'pending', 'verified', 'returned', 'suspended')),
    reason              TEXT NOT NULL DEFAULT '',  -- why it was sent back or suspended
    requested_at        TEXT,
    decided_at          TEXT,
    decided_by          INTEGER REFERENCES users (id) ON DELETE SET NULL,
    updated_at          TEXT NOT NULL
) STRICT;
CREATE INDEX org_profiles_status_idx ON org_profiles (status, requested_at);

CREATE TABLE opportunities (
    id                  INTEGER PRIMARY KEY,
    organization_id     INTEGER NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    slug                TEXT NOT NULL UNIQUE,
    kind                TEXT NOT NULL CHECK (kind IN ('job', 'career', 'education', 'development', 'exchange', 'recruitment', 'travel')),
    status              TEXT NOT NULL DEFAULT 'draft'
                        CHECK (status IN ('draft', 'submitted', 'returned', 'published', 'closed', 'archived')),
    title_en            TEXT NOT NULL DEFAULT '',
    title_mn            TEXT NOT NULL DEFAULT '',
    description_en      TEXT NOT NULL DEFAULT '',  -- Markdown, rendered and sanitised on output
    description_mn      TEXT NOT NULL DEFAULT '',
    employment_type     TEXT NOT NULL DEFAULT '',  -- full_time_permanent, full_time_seasonal, part_time, remote, internship or ''
    classification      TEXT NOT NULL DEFAULT '',  -- a field of work and study (opportunities/rules.go)
    visa_type           TEXT NOT NULL DEFAULT '',
    audience            TEXT NOT NULL DEFAULT '',
    exchange_type       TEXT NOT NULL DEFAULT '',
    country             TEXT NOT NULL DEFAULT '',  -- ISO 3166-1 alpha-2
    city                TEXT NOT NULL DEFAULT '',
    workplace           TEXT NOT NULL DEFAULT 'on_site' CHECK (workplace IN ('on_site', 'remote', 'hybrid')),
    worksite            TEXT NOT NULL DEFAULT '',  -- address of the place of work
    start_date          TEXT NOT NULL DEFAULT '',  -- YYYY-MM-DD or ''
    end_date            TEXT NOT NULL DEFAULT '',  -- travel and exchange: last day
    deadline            TEXT NOT NULL DEFAULT '',  -- YYYY-MM-DD, applications accepted through that day (Ulaanbaatar time)
    pay_kind            TEXT NOT NULL DEFAULT 'not_stated' CHECK (pay_kind IN ('amount', 'unpaid', 'not_stated')),
    pay_min             INTEGER NOT NULL DEFAULT 0,
    pay_max             INTEGER NOT NULL DEFAULT 0,
    pay_currency        TEXT NOT NULL DEFAULT '',
    pay_period          TEXT NOT NULL DEFAULT '',  -- hour, month, year, total
    openings            INTEGER NOT NULL DEFAULT 1,
    languages           TEXT NOT NULL DEFAULT '[]', -- JSON array of language codes
    must_have           TEXT NOT NULL DEFAULT '',
    preferred           TEXT NOT NULL DEFAULT '',
    questions           TEXT NOT NULL DEFAULT '[]', -- JSON: screening questions
    documents           TEXT NOT NULL DEFAULT '[]', -- JSON array: cv, cover_letter, transcript
    contact_name        TEXT NOT NULL DEFAULT '',
    contact_email       TEXT NOT NULL DEFAULT '',
    contact_phone       TEXT NOT NULL DEFAULT '',
    participant_cost    INTEGER NOT NULL DEFAULT 0, -- travel and exchange: what the participant pays the organiser
    cost_currency       TEXT NOT NULL DEFAULT '',
    includes_en         TEXT NOT NULL DEFAULT '',
    includes_mn         TEXT NOT NULL DEFAULT '',
    no_fee              INTEGER NOT NULL DEFAULT 0, -- the posting states applicants are never charged a fee
    return_reason       TEXT NOT NULL DEFAULT '',
    close_reason        TEXT NOT NULL DEFAULT '' CHECK (close_reason IN ('', 'owner', 'deadline', 'filled', 'admin')),
    hired               INTEGER NOT NULL DEFAULT 0,
    created_by          INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    submitted_at        TEXT,
    published_at        TEXT,
    closed_at           TEXT
) STRICT;
-- The public list: newest first, by deadline, and per kind; the organisation's own list; the queue.
CREATE INDEX opportunities_published_idx ON opportunities (status, published_at, id);
CREATE INDEX opportunities_deadline_idx ON opportunities (status, deadline, id);
CREATE INDEX opportunities_kind_idx ON opportunities (status, kind, published_at, id);
CREATE INDEX opportunities_org_idx ON opportunities (organization_id, updated_at, id);
CREATE INDEX opportunities_submitted_idx ON opportunities (status, submitted_at) WHERE status = 'submitted';

-- Full text over titles, descriptions and the organisation's name, folded so that Cyrillic and
-- its Latin transliteration find each other (app/platform/search).
CREATE VIRTUAL TABLE opportunity_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1);

-- Every change of a posting's status: who, when, from what to what, and why.
CREATE TABLE opportunity_events (
    id             INTEGER PRIMARY KEY,
    opportunity_id INTEGER NOT NULL REFERENCES opportunities (id) ON DELETE CASCADE,
    at             TEXT NOT NULL,
    actor_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    from_status    TEXT NOT NULL DEFAULT '',
    to_status      TEXT NOT NULL,
    note           TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX opportunity_events_idx ON opportunity_events (opportunity_id, id);

CREATE TABLE saved_opportunities (
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    opportunity_id INTEGER NOT NULL REFERENCES opportunities (id) ON DELETE CASCADE,
    created_at     TEXT NOT NULL,
    PRIMARY KEY (user_id, opportunity_id)
) STRICT;

CREATE TABLE applications (
    id                INTEGER PRIMARY KEY,
    opportunity_id    INTEGER NOT NULL REFERENCES opportunities (id) ON DELETE CASCADE,
    user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status            TEXT NOT NULL DEFAULT 'submitted'
                      CHECK (status IN ('submitted', 'reviewed', 'shortlisted', 'interview', 'offer', 'hired', 'declined', 'opted_out')),
    lang              TEXT NOT NULL,
    profile           TEXT NOT NULL,           -- JSON snapshot of the applicant's profile when they applied
    answers           TEXT NOT NULL DEFAULT '[]',
    cover_letter      TEXT NOT NULL DEFAULT '',
    meets             INTEGER NOT NULL DEFAULT 1, -- every must-have screening answer was met
    labels            TEXT NOT NULL DEFAULT '[]',
    message           TEXT NOT NULL DEFAULT '', -- optional message with a decline
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    reviewed_at       TEXT,                     -- when staff first opened it
    flagged_at        TEXT,                     -- when the 14-day promise was flagged to the organisation
    UNIQUE (opportunity_id, user_id)
) STRICT;
CREATE INDEX applications_opportunity_idx ON applications (opportunity_id, status, created_at, id);
CREATE INDEX applications_user_idx ON applications (user_id, created_at, id);
CREATE INDEX applications_waiting_idx ON applications (created_at) WHERE reviewed_at IS NULL AND flagged_at IS NULL;

CREATE TABLE application_events (
    id             INTEGER PRIMARY KEY,
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    at             TEXT NOT NULL,
    actor_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('status', 'note')),
    from_status    TEXT NOT NULL DEFAULT '',
    to_status      TEXT NOT NULL DEFAULT '',
    note           TEXT NOT NULL DEFAULT ''     -- internal notes are for the organisation's staff only
) STRICT;
CREATE INDEX application_events_idx ON application_events (application_id, id);

-- Documents sent with an application (app/platform/files holds the bytes). Only the applicant
-- and the organisation's staff read them.
CREATE TABLE application_files (
    application_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
    file_id        INTEGER NOT NULL REFERENCES files (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('cv', 'cover_letter', 'transcript')),
    PRIMARY KEY (application_id, file_id)
) STRICT;
CREATE INDEX application_files_file_idx ON application_files (file_id);

-- Searches a person keeps, with a daily alert of new matches (through notify's digest).
CREATE TABLE saved_searches (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    query           TEXT NOT NULL,  -- the list's query string (kind=job&q=…), checked when saved
    created_at      TEXT NOT NULL,
    checked_at      TEXT NOT NULL   -- postings published after this are new
) STRICT;
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, id);

-- What a person states once so postings can say "you may be eligible" / "visa needed".
CREATE TABLE eligibility (
    user_id          INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    passport_country TEXT NOT NULL DEFAULT '',
    languages        TEXT NOT NULL DEFAULT '[]',
    updated_at       TEXT NOT NULL
) STRICT;
