-- The words of the search tables' documents (db/search_terms.go): a query's prefix words are
-- expanded into the words they cover before FTS5 sees them, so FTS5 walks each word's list
-- newest-first and stops at the page instead of merging every covered word's full list first
-- (what a prefix query makes it do). A word stays when its last document goes: it then
-- expands into a word nothing matches, which costs nothing.
CREATE TABLE search_terms (
    tbl  TEXT NOT NULL, -- the search table: post_search, opportunity_search, community_search
    term TEXT NOT NULL, -- a token as the table's tokenizer stores it (search.Doc is already folded)
    PRIMARY KEY (tbl, term)
) STRICT, WITHOUT ROWID;

-- The words already indexed, read once from each table's vocabulary.
CREATE VIRTUAL TABLE temp.post_search_vocab USING fts5vocab(main, post_search, row);
CREATE VIRTUAL TABLE temp.opportunity_search_vocab USING fts5vocab(main, opportunity_search, row);
CREATE VIRTUAL TABLE temp.community_search_vocab USING fts5vocab(main, community_search, row);
INSERT OR IGNORE INTO search_terms (tbl, term) SELECT 'post_search', term FROM temp.post_search_vocab;
INSERT OR IGNORE INTO search_terms (tbl, term) SELECT 'opportunity_search', term FROM temp.opportunity_search_vocab;
INSERT OR IGNORE INTO search_terms (tbl, term) SELECT 'community_search', term FROM temp.community_search_vocab;
DROP TABLE temp.post_search_vocab;
DROP TABLE temp.opportunity_search_vocab;
DROP TABLE temp.community_search_vocab;
