package db

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestReplaceDropsTheOldWAL restores onto the image a kill -9 leaves — the data file plus a
// -wal holding rows newer than the backup — and checks SQLite does not replay that WAL onto
// the backup: the restored file holds exactly the backup's rows.
func TestReplaceDropsTheOldWAL(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	s, err := Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Write.Exec(`PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	insert := func(from, to int) {
		for n := from; n < to; n++ {
			if _, err := s.Write.Exec(`INSERT INTO t VALUES (?)`, n); err != nil {
				t.Fatal(err)
			}
		}
	}
	insert(0, 10)
	backup := filepath.Join(dir, "b", "backup.db")
	if err := Backup(ctx, live, backup); err != nil {
		t.Fatal(err)
	}
	insert(10, 25) // newer than the backup, in the WAL only (no checkpoint)

	// The crash image: the files as they are on disk while the store is open.
	crashed := filepath.Join(dir, "crashed.db")
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(live + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(crashed+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if fi, err := os.Stat(crashed + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("the crash image needs a WAL with the newer rows: %v", err)
	}
	if err := replace(backup, crashed); err != nil {
		t.Fatal(err)
	}
	r, err := Open(ctx, crashed)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var n, max int
	if err := r.Read.QueryRow(`SELECT count(*), max(n) FROM t`).Scan(&n, &max); err != nil {
		t.Fatal(err)
	}
	if n != 10 || max != 9 {
		t.Errorf("restored file has %d rows (max %d); the backup has 10 (max 9)", n, max)
	}
	var check string
	if err := r.Read.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check: %q %v", check, err)
	}
}
