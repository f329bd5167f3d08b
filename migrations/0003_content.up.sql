-- Content that operators edit in the dashboard, in English and Mongolian side by side. The
-- CHECKs are the last line behind the API's validation: nothing is published with a language empty.
CREATE TABLE faq_categories (
    id       TEXT PRIMARY KEY,
    name_en  TEXT NOT NULL,
    name_mn  TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE faq_entries (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    category_id TEXT NOT NULL REFERENCES faq_categories (id),
    question_en TEXT NOT NULL DEFAULT '',
    question_mn TEXT NOT NULL DEFAULT '',
    answer_en   TEXT NOT NULL DEFAULT '',
    answer_mn   TEXT NOT NULL DEFAULT '',
    published   INTEGER NOT NULL DEFAULT 0,
    position    INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT NOT NULL,
    CHECK (published = 0 OR (question_en != '' AND question_mn != '' AND answer_en != '' AND answer_mn != ''))
) STRICT;
CREATE INDEX faq_entries_category_idx ON faq_entries (category_id, position);

CREATE TABLE destinations (
    id         TEXT PRIMARY KEY,
    name_en    TEXT NOT NULL DEFAULT '',
    name_mn    TEXT NOT NULL DEFAULT '',
    summary_en TEXT NOT NULL DEFAULT '',
    summary_mn TEXT NOT NULL DEFAULT '',
    published  INTEGER NOT NULL DEFAULT 0,
    position   INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    CHECK (published = 0 OR (name_en != '' AND name_mn != ''))
) STRICT;

CREATE TABLE universities (
    id             INTEGER PRIMARY KEY,
    slug           TEXT NOT NULL UNIQUE,
    destination_id TEXT NOT NULL REFERENCES destinations (id) ON DELETE CASCADE,
    name_en        TEXT NOT NULL DEFAULT '',
    name_mn        TEXT NOT NULL DEFAULT '',
    city_en        TEXT NOT NULL DEFAULT '',
    city_mn        TEXT NOT NULL DEFAULT '',
    website        TEXT NOT NULL DEFAULT '',
    published      INTEGER NOT NULL DEFAULT 0,
    position       INTEGER NOT NULL DEFAULT 0,
    updated_at     TEXT NOT NULL,
    CHECK (published = 0 OR (name_en != '' AND name_mn != '' AND city_en != '' AND city_mn != ''))
) STRICT;
CREATE INDEX universities_destination_idx ON universities (destination_id, position);
