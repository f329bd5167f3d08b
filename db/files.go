package db

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"time"
)

// Uploaded files: the rows of the files table. The bytes live outside the data file, in the
// folder FilesDir names, one blob per distinct content (see app/platform/files, which owns
// writing and serving them; db owns the layout because backups copy it).

// File is one uploaded file's row.
type File struct {
	ID         int64
	SHA256     string // hex, 64 characters: the blob's name
	Size       int64
	MediaType  string // sniffed from the content
	Name       string // the uploader's file name, cleaned
	Owner      int64  // the uploader; 0 for none
	Purpose    string
	CreatedAt  time.Time
	AttachedAt time.Time // zero until a module attached it
}

// FilesDir is the folder of the blobs of the data file at path: beside it, named after it,
// so that the data file and its folder travel together.
func FilesDir(path string) string { return path + ".files" }

// BlobPath is where the blob of sha (64 hex digits) lives under dir: in a subfolder named by
// its first two digits, so that no folder holds more than a 256th of the blobs.
func BlobPath(dir, sha string) string { return filepath.Join(dir, sha[:2], sha) }

// ValidSHA256 reports whether s is 64 lowercase hex digits (a blob name).
func ValidSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// Path is the data file the store was opened on.
func (s *Store) Path() string { return s.path }

const fileCols = `id, sha256, size, media_type, name, owner_user_id, purpose, created_at, attached_at`

func scanFile(sc interface{ Scan(...any) error }) (File, error) {
	var f File
	var owner sql.NullInt64
	var created string
	var attached *string
	err := sc.Scan(&f.ID, &f.SHA256, &f.Size, &f.MediaType, &f.Name, &owner, &f.Purpose, &created, &attached)
	if err != nil {
		return File{}, mapErr(err)
	}
	f.Owner = owner.Int64
	f.CreatedAt = ParseT(created)
	f.AttachedAt = nullT(attached)
	return f, nil
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// InsertFile stores f's row (ID and AttachedAt are ignored) and returns its id. ErrNotFound
// when the owner does not exist.
func (s *Store) InsertFile(ctx context.Context, f File) (int64, error) {
	var id int64
	err := s.writeRow(ctx, []any{&id}, `INSERT INTO files (sha256, size, media_type, name, owner_user_id, purpose, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, f.SHA256, f.Size, f.MediaType, f.Name, nullID(f.Owner), f.Purpose, T(f.CreatedAt))
	if err != nil && strings.Contains(err.Error(), "FOREIGN KEY") {
		return 0, ErrNotFound
	}
	return id, mapErr(err)
}

// File returns the row of file id.
func (s *Store) File(ctx context.Context, id int64) (File, error) {
	return scanFile(s.row(ctx, `SELECT `+fileCols+` FROM files WHERE id = ?`, id))
}

// AttachFiles marks the files ids attached at. Each must be owner's and not attached yet
// (owner 0: files with no owner); otherwise nothing is changed and the result is ErrNotFound,
// so one person can never attach another's upload by guessing its id.
func (s *Store) AttachFiles(ctx context.Context, owner int64, at time.Time, ids ...int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		for _, id := range ids {
			res, err := tx.exec(ctx, `UPDATE files SET attached_at = ?
				WHERE id = ? AND owner_user_id IS ? AND attached_at IS NULL`, T(at), id, nullID(owner))
			if err := affected(res, err); err != nil {
				return err
			}
		}
		return nil
	})
}

// DeleteFiles deletes the rows of files ids (missing ones are skipped) and returns the
// sha256 of each deleted row, so the caller can remove blobs nothing references any more.
func (s *Store) DeleteFiles(ctx context.Context, ids ...int64) ([]string, error) {
	var shas []string
	err := s.InTx(ctx, func(tx *Store) error {
		for _, id := range ids {
			var sha string
			err := tx.writeRow(ctx, []any{&sha}, `DELETE FROM files WHERE id = ? RETURNING sha256`, id)
			if errors.Is(err, ErrNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			shas = append(shas, sha)
		}
		return nil
	})
	return shas, err
}

// deleteFilesWhere deletes the rows the condition picks and returns their distinct sha256.
func (s *Store) deleteFilesWhere(ctx context.Context, cond string, args ...any) ([]string, error) {
	var shas []string
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.rows(ctx, `SELECT DISTINCT sha256 FROM files WHERE `+cond, args...)
		if err != nil {
			return mapErr(err)
		}
		for rows.Next() {
			var sha string
			if err := rows.Scan(&sha); err != nil {
				rows.Close()
				return mapErr(err)
			}
			shas = append(shas, sha)
		}
		if err := rows.Close(); err != nil {
			return mapErr(err)
		}
		_, err = tx.exec(ctx, `DELETE FROM files WHERE `+cond, args...)
		return err
	})
	return shas, err
}

// DeleteOwnedFiles deletes every file row of owner (account erasure) and returns their
// sha256.
func (s *Store) DeleteOwnedFiles(ctx context.Context, owner int64) ([]string, error) {
	return s.deleteFilesWhere(ctx, `owner_user_id = ?`, owner)
}

// DeleteUnattachedFiles deletes the rows of files never attached and uploaded before before,
// and returns their sha256.
func (s *Store) DeleteUnattachedFiles(ctx context.Context, before time.Time) ([]string, error) {
	return s.deleteFilesWhere(ctx, `attached_at IS NULL AND created_at < ?`, T(before))
}

// FileBlobReferenced reports whether any row names the blob sha.
func (s *Store) FileBlobReferenced(ctx context.Context, sha string) (bool, error) {
	var n int
	err := s.row(ctx, `SELECT count(*) FROM (SELECT 1 FROM files WHERE sha256 = ? LIMIT 1)`, sha).Scan(&n)
	return n > 0, mapErr(err)
}

// OwnedFileBytes is the total size of owner's files of purpose (for quotas).
func (s *Store) OwnedFileBytes(ctx context.Context, owner int64, purpose string) (int64, error) {
	var n int64
	err := s.row(ctx, `SELECT coalesce(sum(size), 0) FROM files WHERE owner_user_id = ? AND purpose = ?`, owner, purpose).Scan(&n)
	return n, mapErr(err)
}

// OwnedFiles lists owner's files, oldest first (for "download my data").
func (s *Store) OwnedFiles(ctx context.Context, owner int64) ([]File, error) {
	rows, err := s.rows(ctx, `SELECT `+fileCols+` FROM files WHERE owner_user_id = ? ORDER BY id`, owner)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []File
	for rows.Next() {
		f, err := scanFile(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, mapErr(rows.Err())
}
