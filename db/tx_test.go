package db

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestInTxReadsSeeItsWritesAndCommits(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.SetSetting(ctx, "k", "inside"); err != nil {
			return err
		}
		if v, err := tx.Setting(ctx, "k"); err != nil || v != "inside" {
			t.Errorf("a read inside the transaction must see its write: %q %v", v, err)
		}
		u, err := tx.CreateUser(ctx, NewUser{Email: "a@example.mn", AccountType: "individual", Language: "en"}, time.Now())
		if err != nil {
			return err
		}
		if got, err := tx.UserByEmail(ctx, "a@example.mn"); err != nil || got.ID != u.ID {
			t.Errorf("user written inside not read inside: %v %v", got, err)
		}
		// The read pool sees only committed data.
		if _, err := s.Setting(ctx, "k"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the unbound store must not see uncommitted writes: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.Setting(ctx, "k"); err != nil || v != "inside" {
		t.Errorf("after commit: %q %v", v, err)
	}
}

func TestInTxNestedReusesTheTransaction(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	groups := s.w.groups.Load()
	err := s.InTx(ctx, func(tx *Store) error {
		return tx.InTx(ctx, func(inner *Store) error {
			if inner != tx {
				t.Error("a nested InTx must hand back the same bound store")
			}
			return inner.InTx(ctx, func(innermost *Store) error {
				return innermost.SetSetting(ctx, "nested", "1")
			})
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := s.w.groups.Load() - groups; n != 1 {
		t.Errorf("nested calls ran %d transactions, want 1", n)
	}
	if v, _ := s.Setting(ctx, "nested"); v != "1" {
		t.Error("the nested write was not committed")
	}
}

func TestInTxRollsBackEverythingOnError(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	now := time.Now()
	boom := errors.New("boom")
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.SetSetting(ctx, "outer", "1"); err != nil {
			return err
		}
		// CreateUser runs its own InTx: nested, so it joins this transaction.
		u, err := tx.CreateUser(ctx, NewUser{Email: "org@example.mn", AccountType: "enterprise", OrgName: "Org",
			Language: "en"}, now)
		if err != nil {
			return err
		}
		if err := tx.InTx(ctx, func(tx *Store) error {
			return tx.Audit(ctx, AuditEvent{At: now, Event: "test", SubjectID: u.ID})
		}); err != nil {
			return err
		}
		if _, err := tx.QueueEmail(ctx, Email{To: "org@example.mn", Subject: "s", Kind: "k", Lang: "en", CreatedAt: now}); err != nil {
			return err
		}
		return fmt.Errorf("later step: %w", boom)
	})
	if !errors.Is(err, boom) {
		t.Fatalf("want the function's error, got %v", err)
	}
	for _, table := range []string{"settings", "users", "organizations", "memberships", "audit_log", "outbox"} {
		var n int
		if err := s.Read.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil || n != 0 {
			t.Errorf("%s: %d rows after rollback (%v)", table, n, err)
		}
	}
}

func TestInTxPanicRollsBackAndPanicsInCaller(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	func() {
		defer func() {
			if p := recover(); p != "kaput" {
				t.Errorf("recovered %v, want the function's panic", p)
			}
		}()
		_ = s.InTx(ctx, func(tx *Store) error {
			if err := tx.SetSetting(ctx, "p", "1"); err != nil {
				return err
			}
			panic("kaput")
		})
	}()
	if _, err := s.Setting(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Error("the panicking transaction was committed")
	}
	if err := s.SetSetting(ctx, "after", "1"); err != nil {
		t.Fatalf("the writer must survive a panic: %v", err)
	}
}

func TestInTxOnTheUnboundStoreInsideFnPanics(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	defer func() {
		p := recover()
		if msg, _ := p.(string); !strings.Contains(msg, "unbound store") {
			t.Errorf("want the self-deadlock panic, got %v", p)
		}
		if err := s.SetSetting(ctx, "after", "1"); err != nil {
			t.Errorf("store unusable afterwards: %v", err)
		}
	}()
	_ = s.InTx(ctx, func(tx *Store) error {
		return s.SetSetting(ctx, "wrong", "store") // s, not tx: would wait for itself forever
	})
	t.Error("no panic")
}

func TestInTxGivenUpBeforeItsTurnWritesNothing(t *testing.T) {
	s := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.SetSetting(ctx, "late", "1"); !errors.Is(err, context.Canceled) {
		t.Errorf("want context.Canceled, got %v", err)
	}
	if _, err := s.Setting(context.Background(), "late"); !errors.Is(err, ErrNotFound) {
		t.Error("a cancelled write was stored")
	}
}

// hold runs a transaction that blocks the writer until release is closed, and returns once
// the writer is inside it: whatever is queued meanwhile forms the next group.
func hold(t *testing.T, s *Store) (release func()) {
	t.Helper()
	inside, done := make(chan struct{}), make(chan struct{})
	rel := make(chan struct{})
	go func() {
		defer close(done)
		_ = s.InTx(context.Background(), func(*Store) error {
			close(inside)
			<-rel
			return nil
		})
	}()
	<-inside
	return func() { close(rel); <-done }
}

// queued waits (without sleeping) until n jobs wait for the writer.
func queued(s *Store, n int) {
	for len(s.w.jobs) < n {
		runtime.Gosched()
	}
}

func TestGroupCommitOneFailingWriteDoesNotFailTheOthers(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	release := hold(t, s)
	groups := s.w.groups.Load()
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.InTx(ctx, func(tx *Store) error {
				if err := tx.SetSetting(ctx, fmt.Sprint("job", i), "1"); err != nil {
					return err
				}
				switch i {
				case 1:
					return errors.New("job 1 fails after writing")
				case 3: // a statement SQLite refuses: only that statement fails, then the job
					_, err := tx.exec(ctx, `INSERT INTO settings (key, value) VALUES ('job3', 'twice')`)
					return err
				}
				return nil
			})
		}()
		queued(s, i+1) // queue them in order
	}
	release()
	wg.Wait()
	if n := s.w.groups.Load() - groups; n != 2 {
		t.Errorf("%d transactions after the held one, want 1 group of 4 (+1 held)", n)
	}
	if errs[0] != nil || errs[2] != nil || errs[1] == nil || !strings.Contains(errs[1].Error(), "job 1 fails") ||
		!errors.Is(errs[3], ErrConflict) {
		t.Fatalf("errors %v", errs)
	}
	for i, want := range []bool{true, false, true, false} {
		_, err := s.Setting(ctx, fmt.Sprint("job", i))
		if got := err == nil; got != want {
			t.Errorf("job%d stored %v, want %v (%v)", i, got, want, err)
		}
	}
}

func TestGroupCommitFailedCommitFailsEveryJob(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	release := hold(t, s)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	jobs := []func(tx *Store) error{
		func(tx *Store) error { return tx.SetSetting(ctx, "innocent", "1") },
		func(tx *Store) error {
			// A foreign key checked only at COMMIT: the savepoint is released, the commit fails.
			if _, err := tx.exec(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
				return err
			}
			_, err := tx.exec(ctx, `INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (404, 404, 'owner', '')`)
			return err
		},
	}
	for i, fn := range jobs {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = s.InTx(ctx, fn) }()
		queued(s, i+1)
	}
	release()
	wg.Wait()
	for i, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "FOREIGN KEY") {
			t.Errorf("job %d: want the commit's error, got %v", i, err)
		}
	}
	if _, err := s.Setting(ctx, "innocent"); !errors.Is(err, ErrNotFound) {
		t.Error("a job of a failed commit was stored")
	}
	if err := s.SetSetting(ctx, "next", "1"); err != nil {
		t.Fatalf("the next transaction must start cleanly: %v", err)
	}
}

func TestWriterPreparesEachStatementOnce(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	const q = `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
		 ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`
	if err := s.SetSetting(ctx, "a", "1"); err != nil {
		t.Fatal(err)
	}
	barrier(t, s)
	first, ok := s.w.prepared[q]
	if !ok {
		t.Fatal("the statement was not prepared after its first run")
	}
	for i := range 3 {
		if err := s.SetSetting(ctx, "a", fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
	}
	barrier(t, s)
	if s.w.prepared[q] != first {
		t.Error("the statement was prepared again")
	}
	if v, _ := s.Setting(ctx, "a"); v != "2" {
		t.Errorf("value %q", v)
	}
}

// barrier returns once the writer has finished everything queued before it (the writer
// prepares statements between groups, so its cache may be read after this).
func barrier(t *testing.T, s *Store) {
	t.Helper()
	if err := s.InTx(context.Background(), func(*Store) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

func TestSynchronousIsFull(t *testing.T) {
	s := open(t)
	got, err := s.Synchronous(context.Background())
	if err != nil || got != "full" {
		t.Fatalf("PRAGMA synchronous on the write connection = %q (%v), want full", got, err)
	}
}

// A search entry is written at the end of the group (execLater): a job rolled back loses its
// entry, the others keep theirs, and the entries are there after the commit.
func TestGroupCommitDeferredSearchEntriesFollowTheirJob(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	release := hold(t, s)
	refs := make([]string, 3)
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for i := range refs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.InTx(ctx, func(tx *Store) error {
				sub, _, err := tx.CreateSubmission(ctx, NewSubmission{Form: "contact", Prefix: "CON", Lang: "en",
					Name: "N", Email: "n@example.mn", Data: "{}", Search: fmt.Sprint("needle", i)}, nil, time.Now())
				if err != nil {
					return err
				}
				refs[i] = sub.Reference
				if i == 1 {
					return errors.New("rolled back after queuing its search entry")
				}
				return nil
			})
		}()
		queued(s, i+1)
	}
	release()
	wg.Wait()
	if errs[0] != nil || errs[1] == nil || errs[2] != nil {
		t.Fatalf("errors %v", errs)
	}
	for i, want := range []int{1, 0, 1} {
		n, err := s.CountSubmissions(ctx, SubmissionFilter{Form: "contact", Query: fmt.Sprint("needle", i)})
		if err != nil || n != want {
			t.Errorf("search for job %d finds %d (%v), want %d", i, n, err, want)
		}
	}
	var entries int
	s.Read.QueryRow(`SELECT count(*) FROM submissions_search`).Scan(&entries)
	if entries != 2 {
		t.Errorf("%d search entries, want 2", entries)
	}
}

func TestAfterCommitRunsOnlyOnceCommitted(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	var seen []string
	err := s.InTx(ctx, func(tx *Store) error {
		tx.AfterCommit(func() {
			// Committed: the read pool sees the write.
			v, _ := s.Setting(ctx, "ac")
			seen = append(seen, "outer:"+v)
		})
		return tx.InTx(ctx, func(tx *Store) error {
			tx.AfterCommit(func() { seen = append(seen, "nested") })
			if len(seen) != 0 {
				t.Error("AfterCommit ran before the commit")
			}
			return tx.SetSetting(ctx, "ac", "1")
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(seen) != "[outer:1 nested]" {
		t.Errorf("after commit: %v", seen)
	}
	seen = nil
	_ = s.InTx(ctx, func(tx *Store) error {
		tx.AfterCommit(func() { seen = append(seen, "rolled back") })
		return errors.New("no")
	})
	s.AfterCommit(func() { seen = append(seen, "unbound") })
	if fmt.Sprint(seen) != "[unbound]" {
		t.Errorf("after a rollback / on the unbound store: %v", seen)
	}
}
