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

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrInUse is returned by Restore when a process (a running server, a maintenance command)
// has the data file open.
var ErrInUse = errors.New("db: the data file is in use")

// Companions are the files SQLite keeps beside a data file: the write-ahead log, its index,
// and the rollback journal. They belong to the file they sit beside and to no other.
var Companions = []string{"-wal", "-shm", "-journal"}

// Backup writes a consistent copy of the data file at src to dst while the server may be
// writing to it: SQLite's VACUUM INTO reads one snapshot (a read transaction, which WAL lets
// run beside the writer) and writes it compacted, without -wal or -shm companions. The copy
// is written beside dst, synced, checked and then renamed over dst, so dst is never half
// written; missing folders are created. The uploaded files the snapshot names are linked or
// copied into FilesDir(dst) (see backup_files.go) before dst appears. Backups hold the installation's secret (see
// docs/operations.md), so the file is private to its owner.
func Backup(ctx context.Context, src, dst string) error {
	if err := mustExist(src); err != nil {
		return err
	}
	if fi, err := os.Stat(dst); err == nil {
		if si, err := os.Stat(src); err == nil && os.SameFile(si, fi) {
			return fmt.Errorf("db: backup: %s is the data file itself", dst)
		}
		if fi.IsDir() {
			return fmt.Errorf("db: backup: %s is a folder; name the backup file", dst)
		}
	}
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(dst)+".partial-*")
	if err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close() // VACUUM INTO writes into an empty file and keeps its (private) mode
	done := false
	defer func() {
		if !done {
			removeWithCompanions(tmpPath)
		}
	}()

	// A plain connection, no migrations: the backup is of the file as it is. Not query_only,
	// which would refuse to write the output file.
	conn, err := sql.Open("sqlite", "file:"+src+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer conn.Close()
	for attempt := 1; ; attempt++ {
		if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, tmpPath); err != nil {
			return fmt.Errorf("db: backup of %s: %w", src, err)
		}
		if err := syncFile(tmpPath); err != nil {
			return err
		}
		if err := check(ctx, tmpPath); err != nil {
			return fmt.Errorf("db: backup: the copy does not check out: %w", err)
		}
		// The uploads the snapshot names go into dst's files folder before dst itself
		// appears, so a backup file never names a blob its folder lacks. A blob deleted
		// after the snapshot (its row went meanwhile) means a new snapshot, which no longer
		// names it.
		shas, err := referencedBlobs(ctx, tmpPath)
		if err != nil {
			return fmt.Errorf("db: backup: %w", err)
		}
		err = copyBlobs(ctx, shas, FilesDir(src), FilesDir(dst))
		if errors.Is(err, errBlobGone) && attempt < backupAttempts {
			if err := os.Truncate(tmpPath, 0); err != nil { // VACUUM INTO wants an empty file
				return fmt.Errorf("db: backup: %w", err)
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("db: backup of the files of %s: %w", src, err)
		}
		break
	}
	if err := os.Rename(tmpPath, dst); err != nil {
		return fmt.Errorf("db: backup: %w", err)
	}
	done = true
	return syncDir(dir)
}

// Restore puts the backup file in place of the data file at dst, so that dst is exactly the
// backup, and its uploaded files (FilesDir) exactly the backup's. It refuses while any
// process has dst open (ErrInUse). The -wal, -shm and -journal
// files of the old data file are removed before the backup takes its place: left there,
// SQLite would replay a WAL written after the backup (say, by a server killed with kill -9)
// on top of it and bring back rows newer than the backup, or worse. The backup is checked
// first and copied beside dst, synced and renamed over it, so an interrupted restore leaves
// the old file or the whole backup, never a mixture.
func Restore(ctx context.Context, backup, dst string) error {
	if err := mustExist(backup); err != nil {
		return err
	}
	for _, c := range Companions[:1] {
		if _, err := os.Stat(backup + c); err == nil {
			return fmt.Errorf("db: restore: %s has a %s file beside it: it is a live data file, not a backup (make one with gerege backup)", backup, c)
		}
	}
	if err := check(ctx, backup); err != nil {
		return fmt.Errorf("db: restore: %s is not a usable backup: %w", backup, err)
	}
	if fi, err := os.Stat(dst); err == nil {
		if bi, err := os.Stat(backup); err == nil && os.SameFile(bi, fi) {
			return fmt.Errorf("db: restore: %s is the data file itself", backup)
		}
		if err := InUse(ctx, dst); err != nil {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("db: restore: %w", err)
	}

	// The backup's uploads join the data file's folder first (links or copies; none is
	// removed yet), so whichever data file is in place names only blobs that are there; once
	// the backup is in place, blobs it does not name are removed.
	shas, err := referencedBlobs(ctx, backup)
	if err != nil {
		return fmt.Errorf("db: restore: %w", err)
	}
	if len(shas) > 0 {
		for _, sha := range shas {
			if _, err := os.Stat(BlobPath(FilesDir(backup), sha)); err != nil {
				return fmt.Errorf("db: restore: %s lacks uploaded files the backup names (%s): restore them beside it, or make a new backup", FilesDir(backup), err)
			}
		}
		if err := addBlobs(shas, FilesDir(backup), FilesDir(dst)); err != nil {
			return fmt.Errorf("db: restore: %w", err)
		}
	}
	if err := replace(backup, dst); err != nil {
		return err
	}
	if _, err := os.Stat(FilesDir(dst)); err == nil {
		if err := copyBlobs(ctx, shas, FilesDir(backup), FilesDir(dst)); err != nil {
			return fmt.Errorf("db: restore: removing uploads the backup does not name: %w", err)
		}
	}
	return nil
}

// addBlobs links or copies each blob of shas from from into to, removing nothing.
func addBlobs(shas []string, from, to string) error {
	touched := map[string]bool{}
	for _, sha := range shas {
		dst := BlobPath(to, sha)
		if _, err := os.Stat(dst); err == nil {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		if err := linkOrCopy(BlobPath(from, sha), dst); err != nil {
			return err
		}
		touched[filepath.Dir(dst)] = true
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

// replace copies backup beside dst, syncs it, removes dst's companions and renames the copy
// over dst.
func replace(backup, dst string) error {
	dir := filepath.Dir(dst)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(dst)+".restoring-*")
	if err != nil {
		return fmt.Errorf("db: restore: %w", err)
	}
	done := false
	defer func() {
		if !done {
			os.Remove(tmp.Name())
		}
	}()
	in, err := os.Open(backup)
	if err != nil {
		tmp.Close()
		return err
	}
	_, err = io.Copy(tmp, in)
	in.Close()
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("db: restore: %w", err)
	}
	// The old companions go first: a WAL must never meet a data file it was not written for.
	for _, c := range Companions {
		if err := os.Remove(dst + c); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("db: restore: %w", err)
		}
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return fmt.Errorf("db: restore: %w", err)
	}
	done = true
	return syncDir(dir)
}

// InUse returns ErrInUse when another connection, in this process or another, has the data
// file at path open. It asks SQLite for an exclusive lock without waiting: every open
// connection to a WAL database holds a shared lock on the file for as long as it is open (a
// server's pools keep theirs open while it runs), so the lock is refused exactly while
// someone uses the file. The probe connection is closed before InUse returns. (On a file a
// killed server left, the probe recovers the WAL into it on closing: harmless before a
// restore, which replaces that file — and replace removes companions whatever the probe did.)
func InUse(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)&_pragma=locking_mode(EXCLUSIVE)")
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	if _, err := conn.ExecContext(ctx, `BEGIN EXCLUSIVE; COMMIT`); err != nil {
		if se := (*sqlite.Error)(nil); errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY {
			return fmt.Errorf("%w: a server or another gerege command has %s open; stop it first", ErrInUse, path)
		}
		return fmt.Errorf("db: %s: %w", path, err)
	}
	return nil
}

// check opens path read-only and runs SQLite's quick_check; it must also be a Gerege database
// (it has the migrations table).
func check(ctx context.Context, path string) error {
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer conn.Close()
	var res string
	if err := conn.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return fmt.Errorf("quick_check: %s", res)
	}
	var n int
	if err := conn.QueryRowContext(ctx,
		`SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n); err != nil {
		return err
	}
	if n != 1 {
		return errors.New("it is not a Gerege database (no schema_migrations table)")
	}
	return nil
}

// mustExist refuses a data file that is not there: opening it would create an empty one.
func mustExist(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("db: no data file at %s", path)
	}
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fmt.Errorf("db: %s is a folder, not a data file", path)
	}
	return nil
}

func removeWithCompanions(path string) {
	os.Remove(path)
	for _, c := range Companions {
		os.Remove(path + c)
	}
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
