// Package dbtest helps tests that need a database: a migrated template copied per test
// instead of migrating from scratch, and a fault hook that makes the Nth write statement of
// a transaction fail. It depends on db only, so any package's tests may use it.
package dbtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"gerege/db"
)

// template is the migrated database file, migrated once per test binary and kept in memory
// (so no file outlives the binary).
var template = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "gerege-template-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	if err := db.Migrate(path); err != nil {
		return nil, err
	}
	// Migrate has closed its connection; the last close of a WAL database checkpoints it
	// into the main file and removes the log, so the file alone is the whole database.
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("dbtest: the template's WAL was not checkpointed (%d bytes)", fi.Size())
	}
	return os.ReadFile(path)
})

// Path writes a fresh copy of the migrated template into the test's temporary directory and
// returns its path, for code that opens the database itself (a server under test).
func Path(t testing.TB) string {
	t.Helper()
	b, err := template()
	if err != nil {
		t.Fatalf("dbtest: template: %v", err)
	}
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Open returns a store on a fresh copy of the migrated template, closed when the test ends.
// db.Open sees that the copy's migrations are current and does not migrate again.
func Open(t testing.TB) *db.Store {
	t.Helper()
	s, err := db.Open(context.Background(), Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// ErrInjected is the error of a write statement failed on purpose.
var ErrInjected = errors.New("dbtest: injected write failure")

// Faults is a fault hook installed on a store: it counts the write statements of each
// transaction and, when asked, fails the Nth one with ErrInjected, so a test can show that a
// state change interrupted at any step leaves nothing half-done.
type Faults struct {
	mu     sync.Mutex
	nth    int
	most   int
	total  int
	failed int
}

// Inject installs a fault hook on s, removed when the test ends. It fails nothing until
// FailNth is called.
func Inject(t testing.TB, s *db.Store) *Faults {
	f := &Faults{}
	s.SetFault(f.hook)
	t.Cleanup(func() { s.SetFault(nil) })
	return f
}

func (f *Faults) hook(n int, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.most = max(f.most, n)
	f.total++
	if n == f.nth {
		f.failed++
		return fmt.Errorf("%w (write %d of its transaction)", ErrInjected, n)
	}
	return nil
}

// FailNth makes the nth write statement of every transaction fail from now on (0: none), and
// resets the counts.
func (f *Faults) FailNth(n int) {
	f.mu.Lock()
	f.nth, f.most, f.total, f.failed = n, 0, 0, 0
	f.mu.Unlock()
}

// MostWrites is the largest number of write statements one transaction has run since the
// last FailNth (a failed one counts up to the statement that failed).
func (f *Faults) MostWrites() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.most
}

// TotalWrites is how many write statements all transactions together have run since the
// last FailNth: equal to MostWrites when every write happened in one transaction.
func (f *Faults) TotalWrites() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.total
}

// Failed is how many statements have been failed since the last FailNth.
func (f *Faults) Failed() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed
}

// Scale is GEREGE_BENCH_SCALE (1 when unset or not a positive number): how many times a
// benchmark multiplies the rows it seeds, to measure at a larger scale on a calm machine.
func Scale() int {
	if v, err := strconv.Atoi(os.Getenv("GEREGE_BENCH_SCALE")); err == nil && v > 0 {
		return v
	}
	return 1
}
