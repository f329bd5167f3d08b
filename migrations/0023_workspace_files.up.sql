-- Workspace: the file manager (app/workspace/filemanager). Folders and files of a person's
-- own space or of an organisation's space (exactly one of owner_user_id, organization_id),
-- the trash (trashed_at; what was trashed with a folder names it in trash_root), and files
-- shared with a person. The bytes are app/platform/files' (a row of files, attached).
CREATE TABLE workspace_folders (
    id              INTEGER PRIMARY KEY,
    owner_user_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
    organization_id INTEGER REFERENCES organizations (id) ON DELETE CASCADE,
    parent_id       INTEGER REFERENCES workspace_folders (id) ON DELETE SET NULL, -- NULL: the space's root
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    created_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    trashed_at      TEXT,    -- NULL: not in the trash
    trash_root      INTEGER, -- the folder whose trashing took this one along; NULL: trashed itself (or not trashed)
    CHECK ((owner_user_id IS NULL) <> (organization_id IS NULL))
) STRICT;
CREATE INDEX workspace_folders_user_idx ON workspace_folders (owner_user_id, parent_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX workspace_folders_org_idx ON workspace_folders (organization_id, parent_id) WHERE organization_id IS NOT NULL;
CREATE INDEX workspace_folders_parent_idx ON workspace_folders (parent_id);
CREATE INDEX workspace_folders_trash_idx ON workspace_folders (trashed_at) WHERE trashed_at IS NOT NULL;

CREATE TABLE workspace_files (
    id              INTEGER PRIMARY KEY,
    file_id         INTEGER NOT NULL UNIQUE REFERENCES files (id) ON DELETE CASCADE,
    owner_user_id   INTEGER REFERENCES users (id) ON DELETE CASCADE,
    organization_id INTEGER REFERENCES organizations (id) ON DELETE CASCADE,
    folder_id       INTEGER REFERENCES workspace_folders (id) ON DELETE SET NULL, -- NULL: the space's root
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    size            INTEGER NOT NULL CHECK (size >= 0), -- the file's, kept here for the quota's sum
    media_type      TEXT NOT NULL,
    uploaded_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    trashed_at      TEXT,
    trash_root      INTEGER,
    CHECK ((owner_user_id IS NULL) <> (organization_id IS NULL))
) STRICT;
CREATE INDEX workspace_files_user_idx ON workspace_files (owner_user_id, folder_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX workspace_files_org_idx ON workspace_files (organization_id, folder_id) WHERE organization_id IS NOT NULL;
CREATE INDEX workspace_files_folder_idx ON workspace_files (folder_id);
CREATE INDEX workspace_files_trash_idx ON workspace_files (trashed_at) WHERE trashed_at IS NOT NULL;

-- A file shared with a person: they may see and download it under "Shared with me".
CREATE TABLE workspace_file_shares (
    file_id    INTEGER NOT NULL REFERENCES workspace_files (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    shared_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (file_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX workspace_file_shares_user_idx ON workspace_file_shares (user_id, created_at);
