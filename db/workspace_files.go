package db

import (
	"context"
	"errors"
	"strings"
	"time"
)

// The workspace's file manager (app/workspace/filemanager): folders and files of a person's
// space or an organisation's space, the trash, and files shared with a person.

// Space is where a folder or file lives: a person's own (User) or an organisation's (Org),
// exactly one of them set.
type Space struct {
	User int64
	Org  int64
}

// cond is the SQL condition "in this space" for a table alias's columns, and its argument.
func (sp Space) cond(alias string) (string, any) {
	if sp.Org != 0 {
		return alias + ".organization_id = ?", sp.Org
	}
	return alias + ".owner_user_id = ?", sp.User
}

// WsFolder is one folder of the file manager.
type WsFolder struct {
	ID        int64
	Space     Space
	ParentID  int64 // 0: the space's root
	Name      string
	CreatedBy int64
	CreatedAt time.Time
	UpdatedAt time.Time
	TrashedAt time.Time // zero: not in the trash
	TrashRoot int64     // the folder whose trashing took this one along
}

// WsFile is one file of the file manager (FileID: its row of files, with the bytes).
type WsFile struct {
	ID         int64
	FileID     int64
	Space      Space
	FolderID   int64
	Name       string
	Size       int64
	MediaType  string
	UploadedBy int64
	Uploader   string // the uploader's name ("" when the account is gone)
	CreatedAt  time.Time
	UpdatedAt  time.Time
	TrashedAt  time.Time
	TrashRoot  int64
	SharedBy   string    // Shared with me: who shared it
	SharedAt   time.Time // Shared with me: when
}

const wsFolderCols = `d.id, coalesce(d.owner_user_id, 0), coalesce(d.organization_id, 0), coalesce(d.parent_id, 0), d.name,
	coalesce(d.created_by, 0), d.created_at, d.updated_at, d.trashed_at, coalesce(d.trash_root, 0)`

func scanWsFolder(sc interface{ Scan(...any) error }) (WsFolder, error) {
	var f WsFolder
	var created, updated string
	var trashed *string
	err := sc.Scan(&f.ID, &f.Space.User, &f.Space.Org, &f.ParentID, &f.Name, &f.CreatedBy, &created, &updated, &trashed, &f.TrashRoot)
	if err != nil {
		return WsFolder{}, mapErr(err)
	}
	f.CreatedAt, f.UpdatedAt, f.TrashedAt = ParseT(created), ParseT(updated), nullT(trashed)
	return f, nil
}

const wsFileCols = `w.id, w.file_id, coalesce(w.owner_user_id, 0), coalesce(w.organization_id, 0), coalesce(w.folder_id, 0), w.name,
	w.size, w.media_type, coalesce(w.uploaded_by, 0), coalesce(u.first_name || ' ' || u.last_name, ''), w.created_at, w.updated_at,
	w.trashed_at, coalesce(w.trash_root, 0)`

const wsFileFrom = ` FROM workspace_files w LEFT JOIN users u ON u.id = w.uploaded_by`

func scanWsFile(sc interface{ Scan(...any) error }, extra ...any) (WsFile, error) {
	var f WsFile
	var created, updated string
	var trashed *string
	dest := []any{&f.ID, &f.FileID, &f.Space.User, &f.Space.Org, &f.FolderID, &f.Name, &f.Size, &f.MediaType, &f.UploadedBy,
		&f.Uploader, &created, &updated, &trashed, &f.TrashRoot}
	if err := sc.Scan(append(dest, extra...)...); err != nil {
		return WsFile{}, mapErr(err)
	}
	f.CreatedAt, f.UpdatedAt, f.TrashedAt = ParseT(created), ParseT(updated), nullT(trashed)
	return f, nil
}

// WsFolderByID returns folder id.
func (s *Store) WsFolderByID(ctx context.Context, id int64) (WsFolder, error) {
	return scanWsFolder(s.row(ctx, `SELECT `+wsFolderCols+` FROM workspace_folders d WHERE d.id = ?`, id))
}

// WsFileByID returns file id (the file manager's id, not the files row's).
func (s *Store) WsFileByID(ctx context.Context, id int64) (WsFile, error) {
	return scanWsFile(s.row(ctx, `SELECT `+wsFileCols+wsFileFrom+` WHERE w.id = ?`, id))
}

// WsFolders lists the folders of sp directly in parent (0: the root), not trashed, by name.
func (s *Store) WsFolders(ctx context.Context, sp Space, parent int64) ([]WsFolder, error) {
	c, a := sp.cond("d")
	return s.wsFolders(ctx, `WHERE `+c+` AND d.parent_id IS ? AND d.trashed_at IS NULL ORDER BY d.name COLLATE NOCASE, d.id`, a, nullID(parent))
}

// WsAllFolders lists every folder of sp not in the trash (for the move dialog), by name.
func (s *Store) WsAllFolders(ctx context.Context, sp Space) ([]WsFolder, error) {
	c, a := sp.cond("d")
	return s.wsFolders(ctx, `WHERE `+c+` AND d.trashed_at IS NULL ORDER BY d.name COLLATE NOCASE, d.id`, a)
}

// WsTrashedFolders lists the folders of sp trashed themselves (not taken along), newest first.
func (s *Store) WsTrashedFolders(ctx context.Context, sp Space) ([]WsFolder, error) {
	c, a := sp.cond("d")
	return s.wsFolders(ctx, `WHERE `+c+` AND d.trashed_at IS NOT NULL AND d.trash_root IS NULL ORDER BY d.trashed_at DESC, d.id DESC`, a)
}

func (s *Store) wsFolders(ctx context.Context, where string, args ...any) ([]WsFolder, error) {
	rows, err := s.rows(ctx, `SELECT `+wsFolderCols+` FROM workspace_folders d `+where, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []WsFolder{}
	for rows.Next() {
		f, err := scanWsFolder(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// WsFiles lists the files of sp directly in folder (0: the root), not trashed, by name.
func (s *Store) WsFiles(ctx context.Context, sp Space, folder int64) ([]WsFile, error) {
	c, a := sp.cond("w")
	return s.wsFiles(ctx, `WHERE `+c+` AND w.folder_id IS ? AND w.trashed_at IS NULL ORDER BY w.name COLLATE NOCASE, w.id`, a, nullID(folder))
}

// WsTrashedFiles lists the files of sp trashed themselves, newest first.
func (s *Store) WsTrashedFiles(ctx context.Context, sp Space) ([]WsFile, error) {
	c, a := sp.cond("w")
	return s.wsFiles(ctx, `WHERE `+c+` AND w.trashed_at IS NOT NULL AND w.trash_root IS NULL ORDER BY w.trashed_at DESC, w.id DESC`, a)
}

// WsUserFiles lists every file of userID's own space, trashed or not (their data's export).
func (s *Store) WsUserFiles(ctx context.Context, userID int64) ([]WsFile, error) {
	return s.wsFiles(ctx, `WHERE w.owner_user_id = ? ORDER BY w.id`, userID)
}

func (s *Store) wsFiles(ctx context.Context, where string, args ...any) ([]WsFile, error) {
	rows, err := s.rows(ctx, `SELECT `+wsFileCols+wsFileFrom+` `+where, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []WsFile{}
	for rows.Next() {
		f, err := scanWsFile(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// WsSharedWith lists the files shared with userID that are not in the trash, newest share first.
func (s *Store) WsSharedWith(ctx context.Context, userID int64) ([]WsFile, error) {
	rows, err := s.rows(ctx, `SELECT `+wsFileCols+`, coalesce(b.first_name || ' ' || b.last_name, ''), sh.created_at`+wsFileFrom+`
		JOIN workspace_file_shares sh ON sh.file_id = w.id LEFT JOIN users b ON b.id = sh.shared_by
		WHERE sh.user_id = ? AND w.trashed_at IS NULL ORDER BY sh.created_at DESC, w.id DESC LIMIT 500`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []WsFile{}
	for rows.Next() {
		var at, by string
		f, err := scanWsFile(rows, &by, &at)
		if err != nil {
			return nil, err
		}
		f.SharedBy, f.SharedAt = by, ParseT(at)
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}

// WsSpaceBytes is the total size of the files of sp, the trash included (the quota's "used").
func (s *Store) WsSpaceBytes(ctx context.Context, sp Space) (int64, error) {
	c, a := sp.cond("w")
	var n int64
	err := s.row(ctx, `SELECT coalesce(sum(w.size), 0) FROM workspace_files w WHERE `+c, a).Scan(&n)
	return n, mapErr(err)
}

// InsertWsFolder stores a folder and returns its id.
func (s *Store) InsertWsFolder(ctx context.Context, f WsFolder, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO workspace_folders (owner_user_id, organization_id, parent_id, name, created_by,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, nullID(f.Space.User), nullID(f.Space.Org), nullID(f.ParentID),
		f.Name, nullID(f.CreatedBy), T(now), T(now))
	return id, mapErr(err)
}

// InsertWsFile stores a file (its files row already stored and attached) and returns its id.
func (s *Store) InsertWsFile(ctx context.Context, f WsFile, now time.Time) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO workspace_files (file_id, owner_user_id, organization_id, folder_id, name, size,
		media_type, uploaded_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, f.FileID,
		nullID(f.Space.User), nullID(f.Space.Org), nullID(f.FolderID), f.Name, f.Size, f.MediaType, nullID(f.UploadedBy), T(now), T(now))
	return id, mapErr(err)
}

// RenameWsFolder / RenameWsFile change a name.
func (s *Store) RenameWsFolder(ctx context.Context, id int64, name string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE workspace_folders SET name = ?, updated_at = ? WHERE id = ?`, name, T(now), id)
	return affected(res, err)
}

func (s *Store) RenameWsFile(ctx context.Context, id int64, name string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE workspace_files SET name = ?, updated_at = ? WHERE id = ?`, name, T(now), id)
	return affected(res, err)
}

// MoveWsFolder puts folder id in parent (0: the root); MoveWsFile puts a file in folder.
func (s *Store) MoveWsFolder(ctx context.Context, id, parent int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE workspace_folders SET parent_id = ?, updated_at = ? WHERE id = ?`, nullID(parent), T(now), id)
	return affected(res, err)
}

func (s *Store) MoveWsFile(ctx context.Context, id, folder int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE workspace_files SET folder_id = ?, updated_at = ? WHERE id = ?`, nullID(folder), T(now), id)
	return affected(res, err)
}

// subtree is the recursive query of folder ? and every folder under it (column id).
const subtree = `WITH RECURSIVE sub(id) AS (SELECT ? UNION SELECT d.id FROM workspace_folders d JOIN sub ON d.parent_id = sub.id)`

// WsFolderWithin reports whether folder id is ancestor or lies under it.
func (s *Store) WsFolderWithin(ctx context.Context, id, ancestor int64) (bool, error) {
	var n int
	err := s.row(ctx, subtree+` SELECT count(*) FROM sub WHERE id = ?`, ancestor, id).Scan(&n)
	return n > 0, mapErr(err)
}

// TrashWsFile puts a file in the trash (ErrNotFound when it is there already).
func (s *Store) TrashWsFile(ctx context.Context, id int64, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE workspace_files SET trashed_at = ?, trash_root = NULL WHERE id = ? AND trashed_at IS NULL`, T(now), id)
	return affected(res, err)
}

// TrashWsFolder puts a folder in the trash with everything under it not already there (they
// name it as their trash_root, so restoring it restores them).
func (s *Store) TrashWsFolder(ctx context.Context, id int64, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `UPDATE workspace_folders SET trashed_at = ?, trash_root = NULL WHERE id = ? AND trashed_at IS NULL`, T(now), id)
		if err := affected(res, err); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, subtree+` UPDATE workspace_folders SET trashed_at = ?, trash_root = ?
			WHERE id IN (SELECT id FROM sub) AND id != ? AND trashed_at IS NULL`, id, T(now), id, id); err != nil {
			return err
		}
		_, err = tx.exec(ctx, subtree+` UPDATE workspace_files SET trashed_at = ?, trash_root = ?
			WHERE folder_id IN (SELECT id FROM sub) AND trashed_at IS NULL`, id, T(now), id)
		return err
	})
}

// RestoreWsFile takes a file out of the trash, to the root when its folder is gone or trashed.
func (s *Store) RestoreWsFile(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `UPDATE workspace_files SET trashed_at = NULL, trash_root = NULL,
		folder_id = CASE WHEN EXISTS (SELECT 1 FROM workspace_folders d WHERE d.id = workspace_files.folder_id AND d.trashed_at IS NULL)
			THEN folder_id END
		WHERE id = ? AND trashed_at IS NOT NULL AND trash_root IS NULL`, id)
	return affected(res, err)
}

// RestoreWsFolder takes a folder and what was trashed with it out of the trash (the folder to
// the root when its parent is gone or trashed).
func (s *Store) RestoreWsFolder(ctx context.Context, id int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `UPDATE workspace_folders SET trashed_at = NULL,
			parent_id = CASE WHEN EXISTS (SELECT 1 FROM workspace_folders p WHERE p.id = workspace_folders.parent_id AND p.trashed_at IS NULL)
				THEN parent_id END
			WHERE id = ? AND trashed_at IS NOT NULL AND trash_root IS NULL`, id)
		if err := affected(res, err); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE workspace_folders SET trashed_at = NULL, trash_root = NULL WHERE trash_root = ?`, id); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE workspace_files SET trashed_at = NULL, trash_root = NULL WHERE trash_root = ?`, id)
		return err
	})
}

// WsPurge is what leaves the trash for good: the files rows to delete (with their blobs) and
// the folders.
type WsPurge struct {
	FileIDs   []int64 // rows of files (deleting one deletes its workspace_files row)
	FolderIDs []int64
}

// WsExpiredTrash lists what was trashed before cutoff (in any space).
func (s *Store) WsExpiredTrash(ctx context.Context, cutoff time.Time) (WsPurge, error) {
	var p WsPurge
	var err error
	if p.FileIDs, err = s.ids(ctx, `SELECT file_id FROM workspace_files WHERE trashed_at IS NOT NULL AND trashed_at < ? ORDER BY id LIMIT 1000`, T(cutoff)); err != nil {
		return p, err
	}
	p.FolderIDs, err = s.ids(ctx, `SELECT id FROM workspace_folders WHERE trashed_at IS NOT NULL AND trashed_at < ? ORDER BY id LIMIT 1000`, T(cutoff))
	return p, err
}

// WsFolderPurge lists a trashed folder's files and folders (itself included): what deleting
// it for good removes.
func (s *Store) WsFolderPurge(ctx context.Context, id int64) (WsPurge, error) {
	var p WsPurge
	var err error
	if p.FileIDs, err = s.ids(ctx, subtree+` SELECT file_id FROM workspace_files WHERE folder_id IN (SELECT id FROM sub)`, id); err != nil {
		return p, err
	}
	p.FolderIDs, err = s.ids(ctx, subtree+` SELECT id FROM sub`, id)
	return p, err
}

// DeleteWsFolders deletes folders (what is in them goes with DeleteFiles).
func (s *Store) DeleteWsFolders(ctx context.Context, ids ...int64) error {
	for _, id := range ids {
		if _, err := s.exec(ctx, `DELETE FROM workspace_folders WHERE id = ?`, id); err != nil {
			return err
		}
	}
	return nil
}

// WsShare is one person a file is shared with.
type WsShare struct {
	UserID    int64
	Name      string
	CreatedAt time.Time
}

// ErrWsBlocked: the sharer and the recipient blocked each other (one way or the other).
var ErrWsBlocked = errors.New("db: blocked")

// ShareWsFile shares file with userID (sharing again changes nothing). It is refused with
// ErrWsBlocked when either blocked the other, checked in its own transaction, so a share that
// raced a block cannot outlive it (the block withdraws the shares made before it).
func (s *Store) ShareWsFile(ctx context.Context, file, userID, by int64, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		blocked, err := tx.BlockedEither(ctx, by, userID)
		if err != nil {
			return err
		}
		if blocked {
			return ErrWsBlocked
		}
		_, err = tx.exec(ctx, `INSERT INTO workspace_file_shares (file_id, user_id, shared_by, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING`, file, userID, nullID(by), T(now))
		return err
	})
}

// WithdrawWsSharesBetween ends the shares between a and b, both ways: the files one of them
// shared with the other (shared_by) and the files of one's own space shared with the other.
// The block's transaction calls it (Block). An organisation's file a third colleague shared
// stays shared: that share is not between them.
func (s *Store) WithdrawWsSharesBetween(ctx context.Context, a, b int64) error {
	if a == 0 || b == 0 || a == b {
		return nil
	}
	_, err := s.exec(ctx, `DELETE FROM workspace_file_shares WHERE
		(user_id = ? AND (shared_by = ? OR file_id IN (SELECT id FROM workspace_files WHERE owner_user_id = ?))) OR
		(user_id = ? AND (shared_by = ? OR file_id IN (SELECT id FROM workspace_files WHERE owner_user_id = ?)))`, b, a, a, a, b, b)
	return mapErr(err)
}

// UnshareWsFile ends a share (ErrNotFound when there was none).
func (s *Store) UnshareWsFile(ctx context.Context, file, userID int64) error {
	res, err := s.exec(ctx, `DELETE FROM workspace_file_shares WHERE file_id = ? AND user_id = ?`, file, userID)
	return affected(res, err)
}

// WsShares lists the people file is shared with, by name.
func (s *Store) WsShares(ctx context.Context, file int64) ([]WsShare, error) {
	rows, err := s.rows(ctx, `SELECT sh.user_id, u.first_name || ' ' || u.last_name, sh.created_at FROM workspace_file_shares sh
		JOIN users u ON u.id = sh.user_id WHERE sh.file_id = ? ORDER BY 2, 1`, file)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []WsShare{}
	for rows.Next() {
		var sh WsShare
		var at string
		if err := rows.Scan(&sh.UserID, &sh.Name, &at); err != nil {
			return nil, mapErr(err)
		}
		sh.CreatedAt = ParseT(at)
		out = append(out, sh)
	}
	return out, mapErr(rows.Err())
}

// WsSharedWithUser reports whether file is shared with userID.
func (s *Store) WsSharedWithUser(ctx context.Context, file, userID int64) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM workspace_file_shares WHERE file_id = ? AND user_id = ?`, file, userID).Scan(&n)
	return n > 0, mapErr(err)
}

// WsSharesBy lists the shares userID made (their data's export): file name and recipient.
func (s *Store) WsSharesBy(ctx context.Context, userID int64) ([][2]string, error) {
	rows, err := s.rows(ctx, `SELECT w.name, u.first_name || ' ' || u.last_name FROM workspace_file_shares sh
		JOIN workspace_files w ON w.id = sh.file_id JOIN users u ON u.id = sh.user_id WHERE sh.shared_by = ? ORDER BY sh.created_at`, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := [][2]string{}
	for rows.Next() {
		var a, b string
		if err := rows.Scan(&a, &b); err != nil {
			return nil, mapErr(err)
		}
		out = append(out, [2]string{a, b})
	}
	return out, mapErr(rows.Err())
}

// WsUserFileIDs lists the files rows of userID's own space (erasing their data deletes them
// with their blobs).
func (s *Store) WsUserFileIDs(ctx context.Context, userID int64) ([]int64, error) {
	return s.ids(ctx, `SELECT file_id FROM workspace_files WHERE owner_user_id = ?`, userID)
}

// DeleteWsUserFolders deletes every folder of userID's own space.
func (s *Store) DeleteWsUserFolders(ctx context.Context, userID int64) error {
	_, err := s.exec(ctx, `DELETE FROM workspace_folders WHERE owner_user_id = ?`, userID)
	return mapErr(err)
}

// WsNameTaken reports whether folder (0: root) of sp already holds a folder (isFolder) or a
// file named name, ignoring case, other than except.
func (s *Store) WsNameTaken(ctx context.Context, sp Space, folder int64, name string, isFolder bool, except int64) (bool, error) {
	table, alias, col := "workspace_files", "w", "folder_id"
	if isFolder {
		table, alias, col = "workspace_folders", "d", "parent_id"
	}
	c, a := sp.cond(alias)
	var n int
	err := s.row(ctx, `SELECT count(*) FROM `+table+` `+alias+` WHERE `+c+` AND `+alias+`.`+col+` IS ? AND `+alias+`.trashed_at IS NULL
		AND lower(`+alias+`.name) = lower(?) AND `+alias+`.id != ?`, a, nullID(folder), strings.TrimSpace(name), except).Scan(&n)
	return n > 0, mapErr(err)
}

// WsAllFoldersAny lists every folder of sp, trashed or not (a person's data export).
func (s *Store) WsAllFoldersAny(ctx context.Context, sp Space) ([]WsFolder, error) {
	c, a := sp.cond("d")
	return s.wsFolders(ctx, `WHERE `+c+` ORDER BY d.id`, a)
}
