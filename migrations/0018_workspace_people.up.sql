-- People (the workspace's account management, app/workspace/people): suspension, the last
-- sign-in for sorting, and the search index of names and emails.

-- A suspended account cannot sign in; its sessions and refresh tokens were ended when it was
-- suspended. NULL: active.
ALTER TABLE users ADD COLUMN suspended_at TEXT;
-- When the account last signed in (a new device session), kept by the trigger below.
ALTER TABLE users ADD COLUMN last_sign_in_at TEXT;
UPDATE users SET last_sign_in_at = (SELECT max(a.created_at) FROM auth_sessions a WHERE a.user_id = users.id);
CREATE TRIGGER users_last_sign_in AFTER INSERT ON auth_sessions BEGIN
    UPDATE users SET last_sign_in_at = NEW.created_at WHERE id = NEW.user_id;
END;

-- The list's sort orders (keyset paging).
CREATE INDEX users_name_idx ON users (first_name COLLATE NOCASE, last_name COLLATE NOCASE, id);
CREATE INDEX users_surname_idx ON users (last_name COLLATE NOCASE, first_name COLLATE NOCASE, id);
CREATE INDEX users_created_idx ON users (created_at, id);
CREATE INDEX users_last_sign_in_idx ON users (coalesce(last_sign_in_at, ''), id);

-- Names and emails folded by app/platform/search (both scripts). Accounts change in several
-- modules (registration, the profile page, people), so triggers queue every changed account
-- in people_search_stale and the people list folds the queued ones before it searches.
CREATE VIRTUAL TABLE people_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3', content = '', contentless_delete = 1);
CREATE TABLE people_search_stale (
    user_id INTEGER PRIMARY KEY
) STRICT;
INSERT INTO people_search_stale (user_id) SELECT id FROM users;
CREATE TRIGGER people_search_new AFTER INSERT ON users BEGIN
    INSERT OR IGNORE INTO people_search_stale (user_id) VALUES (NEW.id);
END;
CREATE TRIGGER people_search_edit AFTER UPDATE OF first_name, last_name, email ON users BEGIN
    INSERT OR IGNORE INTO people_search_stale (user_id) VALUES (NEW.id);
END;
CREATE TRIGGER people_search_gone AFTER DELETE ON users BEGIN
    DELETE FROM people_search WHERE rowid = OLD.id;
    DELETE FROM people_search_stale WHERE user_id = OLD.id;
END;
