package dbtest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"gerege/db"
)

func TestOpenGivesEachTestItsOwnMigratedCopy(t *testing.T) {
	a, b := Open(t), Open(t)
	ctx := context.Background()
	if err := a.SetSetting(ctx, "only", "a"); err != nil {
		t.Fatal(err) // the settings table exists: the copy is migrated
	}
	if _, err := b.Setting(ctx, "only"); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("copies share data: %v", err)
	}
}

// tables a contact submission writes to.
var submissionTables = []string{"form_sequences", "submissions", "submissions_search", "submission_events", "outbox", "idempotency_keys"}

func counts(t *testing.T, s *db.Store) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range submissionTables {
		var n int
		if err := s.Read.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func submit(s *db.Store, key string) error {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	idem := &db.Idempotent{Scope: "forms:contact", Key: key, Answer: func(*db.Submission) (int, string) {
		return http.StatusCreated, "{}"
	}}
	return s.InTx(ctx, func(tx *db.Store) error {
		sub, _, err := tx.CreateSubmission(ctx, db.NewSubmission{Form: "contact", Prefix: "CON", Lang: "en",
			Name: "A", Email: "a@example.mn", Data: "{}", Search: "a"}, idem, now)
		if err != nil {
			return err
		}
		for _, to := range []string{sub.Email, "desk@example.mn"} {
			if _, err := tx.QueueEmail(ctx, db.Email{To: to, Kind: "form", CreatedAt: now}); err != nil {
				return err
			}
		}
		return nil
	})
}

// The hook fails each write of a submission in turn; every time, nothing of it remains.
func TestFailNthLeavesNothingHalfDone(t *testing.T) {
	s := Open(t)
	f := Inject(t, s)
	if err := submit(s, "count"); err != nil {
		t.Fatal(err)
	}
	writes := f.MostWrites()
	if writes != 7 { // sequence, submission, search entry, history, 2 emails, idempotency answer
		t.Fatalf("a submission ran %d write statements, want 7", writes)
	}
	before := counts(t, s)
	for n := 1; n <= writes; n++ {
		f.FailNth(n)
		err := submit(s, fmt.Sprint("fail", n))
		if !errors.Is(err, ErrInjected) || f.Failed() != 1 {
			t.Fatalf("write %d: error %v, %d failed", n, err, f.Failed())
		}
		if after := counts(t, s); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("failing write %d left %v, before %v", n, after, before)
		}
	}
	f.FailNth(0)
	if err := submit(s, "last"); err != nil {
		t.Fatalf("with the hook idle: %v", err)
	}
}

// BenchmarkOpen compares what a test pays for a database: migrating a new file from scratch,
// or copying the migrated template and opening the copy (which must not migrate again).
func BenchmarkOpen(b *testing.B) {
	ctx := context.Background()
	b.Run("migrate", func(b *testing.B) {
		for b.Loop() {
			s, err := db.Open(ctx, filepath.Join(b.TempDir(), "m.db"))
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
		}
	})
	b.Run("template", func(b *testing.B) {
		for b.Loop() {
			s, err := db.Open(ctx, Path(b))
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
		}
	})
}

func TestFaultsCountWritesPerTransactionAndInAll(t *testing.T) {
	s := Open(t)
	f := Inject(t, s)
	ctx := context.Background()
	for range 3 {
		if err := s.SetSetting(ctx, "k", "v"); err != nil { // one write, one transaction each
			t.Fatal(err)
		}
	}
	if f.MostWrites() != 1 || f.TotalWrites() != 3 {
		t.Errorf("most %d total %d, want 1 and 3", f.MostWrites(), f.TotalWrites())
	}
}
