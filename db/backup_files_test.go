package db

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// putBlob stores content as an uploaded file of the store at path (blob and row), the way
// app/platform/files does, and returns its sha256.
func putBlob(t *testing.T, s *Store, content string) (int64, string) {
	t.Helper()
	sum := sha256.Sum256([]byte(content))
	sha := hex.EncodeToString(sum[:])
	p := BlobPath(FilesDir(s.Path()), sha)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	id, err := s.InsertFile(context.Background(), File{SHA256: sha, Size: int64(len(content)), MediaType: "application/pdf",
		Name: "x.pdf", Purpose: "test", CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return id, sha
}

// blobsIn lists the blobs of a files folder, sorted.
func blobsIn(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	subs, _ := os.ReadDir(dir)
	for _, sub := range subs {
		es, _ := os.ReadDir(filepath.Join(dir, sub.Name()))
		for _, e := range es {
			if ValidSHA256(e.Name()) {
				out = append(out, e.Name())
			}
		}
	}
	slices.Sort(out)
	return out
}

func sorted(s ...string) []string { slices.Sort(s); return s }

// TestBackupAndRestoreFiles: a backup holds exactly the blobs its snapshot names (linked),
// a second backup to the same name drops the ones no longer named, and a restore brings back
// the backup's blobs and removes those only the replaced data file named.
func TestBackupAndRestoreFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	s, err := Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close() }()
	_, a := putBlob(t, s, "%PDF a")
	idB, b := putBlob(t, s, "%PDF b")
	stray := filepath.Join(FilesDir(live), "cc", "cc"+a[2:])
	os.MkdirAll(filepath.Dir(stray), 0o700)
	os.WriteFile(stray, []byte("no row"), 0o600)

	bk := filepath.Join(dir, "backups", "gerege.db")
	if err := Backup(ctx, live, bk); err != nil {
		t.Fatal(err)
	}
	if got := blobsIn(t, FilesDir(bk)); !slices.Equal(got, sorted(a, b)) {
		t.Fatalf("backup blobs %v, want %v", got, sorted(a, b))
	}
	li, _ := os.Stat(BlobPath(FilesDir(live), a))
	bi, _ := os.Stat(BlobPath(FilesDir(bk), a))
	if !os.SameFile(li, bi) {
		t.Error("on one file system the backup's blob should be a hard link")
	}

	// b goes, d comes: the next backup to the same name follows.
	if _, err := s.DeleteFiles(ctx, idB); err != nil {
		t.Fatal(err)
	}
	os.Remove(BlobPath(FilesDir(live), b))
	_, d := putBlob(t, s, "%PDF d")
	if err := Backup(ctx, live, bk); err != nil {
		t.Fatal(err)
	}
	if got := blobsIn(t, FilesDir(bk)); !slices.Equal(got, sorted(a, d)) {
		t.Fatalf("second backup blobs %v, want %v", got, sorted(a, d))
	}

	// After the backup: e is uploaded; then the backup is restored.
	_, e := putBlob(t, s, "%PDF e")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// A backup whose folder lacks a blob it names is refused, and nothing changes.
	hidden := BlobPath(FilesDir(bk), d) + ".hidden"
	os.Rename(BlobPath(FilesDir(bk), d), hidden)
	if err := Restore(ctx, bk, live); err == nil {
		t.Fatal("restored a backup with a missing blob")
	}
	if got := blobsIn(t, FilesDir(live)); !slices.Contains(got, e) {
		t.Fatal("a refused restore changed the files")
	}
	os.Rename(hidden, BlobPath(FilesDir(bk), d))

	if err := Restore(ctx, bk, live); err != nil {
		t.Fatal(err)
	}
	// The stray blob (no row) goes too: the folder holds exactly what the data file names.
	if got := blobsIn(t, FilesDir(live)); !slices.Equal(got, sorted(a, d)) {
		t.Fatalf("restored blobs %v, want %v", got, sorted(a, d))
	}
	if b, err := os.ReadFile(BlobPath(FilesDir(live), d)); err != nil || string(b) != "%PDF d" {
		t.Fatalf("restored d: %q %v", b, err)
	}
	s, err = Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.FileBlobReferenced(ctx, e); ok {
		t.Fatal("the restored data names e")
	}
}

// TestBackupNeverNamesAMissingBlob: a row whose blob is gone (deleted after the snapshot,
// each time) makes Backup retry and finally fail, leaving no backup file.
func TestBackupNeverNamesAMissingBlob(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	s, err := Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, sha := putBlob(t, s, "%PDF gone")
	os.Remove(BlobPath(FilesDir(live), sha))
	bk := filepath.Join(dir, "b.db")
	if err := Backup(ctx, live, bk); !errors.Is(err, errBlobGone) {
		t.Fatalf("Backup: %v", err)
	}
	if _, err := os.Stat(bk); err == nil {
		t.Fatal("a backup file was written")
	}
}
