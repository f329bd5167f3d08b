-- Views of published postings per Ulaanbaatar day (analytics: views per posting and the funnel
-- from view to hire). A view is a person opening the posting, once a day each; search engines
-- and the posting organisation's own staff are not counted. No one's identity is stored: the
-- server counts in memory and adds the day's numbers here about once a minute.
CREATE TABLE opportunity_views (
    opportunity_id INTEGER NOT NULL REFERENCES opportunities (id) ON DELETE CASCADE,
    day            TEXT NOT NULL,   -- YYYY-MM-DD, Ulaanbaatar
    views          INTEGER NOT NULL CHECK (views >= 0),
    PRIMARY KEY (opportunity_id, day)
) STRICT, WITHOUT ROWID;
