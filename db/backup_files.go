package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Backups of uploaded files. A backup FILE has its blobs in FILE.files (FilesDir), exactly
// the blobs its snapshot's files rows name: Backup links each one there (a hard link where
// the file system allows — blobs are never changed once written, so sharing them costs
// nothing — a synced copy otherwise). Restore brings them back beside the data file.

// errBlobGone is a blob the snapshot names that the live folder no longer has: its row was
// deleted after the snapshot was taken. Backup takes a new snapshot.
var errBlobGone = errors.New("db: a blob named by the snapshot was removed meanwhile")

// backupAttempts bounds how many snapshots Backup takes when blobs keep vanishing under it.
const backupAttempts = 5

// referencedBlobs lists the distinct sha256 the files table of the database file at path
// names (none when it has no files table: a file from before migration 0011).
func referencedBlobs(ctx context.Context, path string) ([]string, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRowContext(ctx,
		`SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'files'`).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	rows, err := conn.QueryContext(ctx, `SELECT DISTINCT sha256 FROM files`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var sha string
		if err := rows.Scan(&sha); err != nil {
			return nil, err
		}
		if !ValidSHA256(sha) {
			return nil, fmt.Errorf("db: a files row has a malformed sha256 %q", sha)
		}
		out = append(out, sha)
	}
	return out, rows.Err()
}

// copyBlobs puts each blob of shas from the folder from into the folder to (links or copies;
// those already there are kept), then removes from to every blob not in shas, and syncs the
// folders it changed. A blob missing from from is errBlobGone (to keeps what it has).
func copyBlobs(ctx context.Context, shas []string, from, to string) error {
	want := make(map[string]bool, len(shas))
	touched := map[string]bool{}
	for _, sha := range shas {
		if err := ctx.Err(); err != nil {
			return err
		}
		want[sha] = true
		dst := BlobPath(to, sha)
		if _, err := os.Stat(dst); err == nil {
			continue
		}
		src := BlobPath(from, sha)
		if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%w: %s", errBlobGone, sha)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		if err := linkOrCopy(src, dst); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("%w: %s", errBlobGone, sha)
			}
			return err
		}
		touched[filepath.Dir(dst)] = true
	}
	// Blobs of an older backup to the same name that this one does not name.
	subs, err := os.ReadDir(to)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, sub := range subs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		dir := filepath.Join(to, sub.Name())
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if ValidSHA256(e.Name()) && !want[e.Name()] {
				if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return err
				}
				touched[dir] = true
			}
		}
	}
	for dir := range touched {
		if err := syncDir(dir); err != nil {
			return err
		}
	}
	if len(touched) > 0 {
		if err := syncDir(to); err != nil {
			return err
		}
		return syncDir(filepath.Dir(to))
	}
	return nil
}

// linkOrCopy makes dst the same content as src: a hard link, or a copy written beside dst,
// synced and renamed (another file system, or one without links).
func linkOrCopy(src, dst string) error {
	if err := os.Link(src, dst); err == nil || errors.Is(err, fs.ErrExist) {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".copy-*")
	if err != nil {
		return err
	}
	_, err = io.Copy(tmp, in)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), dst)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
