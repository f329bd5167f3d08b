-- Communities found by name (app/communities): the names and descriptions of a community in
-- both languages, folded with app/platform/search (rowid = communities.id), so Cyrillic and
-- its Latin transliteration both match.
CREATE VIRTUAL TABLE community_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1);
