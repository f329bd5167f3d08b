package db

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestPragmas(t *testing.T) {
	s := open(t)
	var mode string
	var fk, sync, busy int
	if err := s.Write.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q %v", mode, err)
	}
	s.Write.QueryRow("PRAGMA foreign_keys").Scan(&fk)
	s.Write.QueryRow("PRAGMA synchronous").Scan(&sync)
	s.Read.QueryRow("PRAGMA busy_timeout").Scan(&busy)
	if fk != 1 || sync != 2 || busy != 5000 {
		t.Errorf("foreign_keys %d synchronous %d busy_timeout %d", fk, sync, busy)
	}
	if _, err := s.Read.Exec("INSERT INTO settings (key, value) VALUES ('x', 'y')"); err == nil {
		t.Error("the read pool must refuse writes")
	}
}

func TestMigrateIsIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	for i := 0; i < 2; i++ {
		if err := Migrate(path); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSettingsAndSecret(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	if _, err := s.Setting(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing setting: %v", err)
	}
	var wg sync.WaitGroup
	secrets := make([][]byte, 8)
	for i := range secrets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := s.EnsureSecret(ctx)
			if err != nil {
				t.Error(err)
			}
			secrets[i] = b
		}()
	}
	wg.Wait()
	for _, b := range secrets {
		if string(b) != string(secrets[0]) || len(b) != 32 {
			t.Fatal("concurrent EnsureSecret calls disagree")
		}
	}
}

func TestConcurrentWritesNeverLock(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 400)
	for i := 0; i < 20; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for j := 0; j < 10; j++ {
				errs <- s.SetSetting(ctx, "k", "v")
			}
		}()
		go func() {
			defer wg.Done()
			for j := 0; j < 10; j++ {
				_, err := s.Setting(ctx, "k")
				if errors.Is(err, ErrNotFound) {
					err = nil
				}
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestInTxRollsBackAndMapsConflict(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `INSERT INTO settings (key, value) VALUES ('a', '1')`); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO settings (key, value) VALUES ('a', '2')`)
		return err
	})
	if !errors.Is(err, ErrConflict) {
		t.Fatalf("want ErrConflict, got %v", err)
	}
	if _, err := s.Setting(ctx, "a"); !errors.Is(err, ErrNotFound) {
		t.Error("a failed transaction must leave nothing behind")
	}
}

func TestSessionStore(t *testing.T) {
	s := open(t)
	st := SessionStore{S: s}
	ctx := context.Background()
	if err := st.CommitCtx(ctx, "live", []byte("data"), time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := st.CommitCtx(ctx, "dead", []byte("old"), time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	if b, ok, err := st.FindCtx(ctx, "live"); err != nil || !ok || string(b) != "data" {
		t.Errorf("live: %q %v %v", b, ok, err)
	}
	if _, ok, _ := st.FindCtx(ctx, "dead"); ok {
		t.Error("an expired session must not be found")
	}
	if n, err := s.PurgeSessions(ctx, time.Now()); err != nil || n != 1 {
		t.Errorf("deleted %d %v", n, err)
	}
	if err := st.DeleteCtx(ctx, "live"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := st.FindCtx(ctx, "live"); ok {
		t.Error("deleted session still found")
	}
}

func TestMigratedKnowsWhenMigrationsAreCurrent(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	s, err := Open(ctx, path) // migrates
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check := func(want bool) {
		t.Helper()
		if got, err := migrated(ctx, s.Write); err != nil || got != want {
			t.Errorf("migrated = %v %v, want %v", got, err, want)
		}
	}
	check(true)
	s.Write.Exec(`UPDATE schema_migrations SET version = version - 1`)
	check(false)
	s.Write.Exec(`UPDATE schema_migrations SET version = version + 1, dirty = 1`)
	check(false)
	s.Write.Exec(`DROP TABLE schema_migrations`)
	check(false)
}
