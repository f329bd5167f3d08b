// Package db is the store: it opens the SQLite file with a read pool and a single-connection
// write pool, applies the embedded migrations, and holds one file of queries per aggregate.
// It knows nothing of HTTP.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/golang-migrate/migrate/v4"
	msqlite "github.com/golang-migrate/migrate/v4/database/sqlite"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"gerege/migrations"
)

// Sentinel errors that callers test with errors.Is; driver errors never leave this package raw
// when they have a meaning (a unique constraint is ErrConflict).
var (
	ErrNotFound error = notFound{}
	ErrConflict       = errors.New("db: conflict")
)

// notFound is ErrNotFound. A handler that returns it as it is (a record deleted or changed by
// another request between the handler's read and its write) answers 404 rather than 500: the
// web layer reads HTTPStatus.
type notFound struct{}

func (notFound) Error() string   { return "db: not found" }
func (notFound) HTTPStatus() int { return 404 }

// Store is the application's handle on the database. The Store that Open returns reads
// through the read pool and sends every write through the single writer (see InTx); the Store
// that InTx hands to its function is bound to one write transaction and does everything, reads
// included, inside it.
type Store struct {
	// Read is a pool of read-only connections (PRAGMA query_only), sized to the cores.
	Read *sql.DB
	// Write has exactly one connection: SQLite allows one writer, and queuing in Go instead of
	// in SQLite's busy handler means no request ever sees "database is locked". The store's
	// own writes reach it only through the writer goroutine (InTx); use it directly only in
	// tests and tools.
	Write *sql.DB
	path  string
	w     *writer // the single writer: its queue, prepared statements and fault hook
	b     *bound  // non-nil when the store is bound to a transaction
}

// DSN returns the connection string used for path. synchronous=FULL so an acknowledged write
// survives power loss (see docs/operations.md); on the write pool, _txlock=immediate so a
// write transaction takes the lock at BEGIN instead of failing on upgrade, and temporary
// storage in memory.
func DSN(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous("+synchronous()+")")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		// The writer runs each transaction of a group in a savepoint; SQLite keeps the pages
		// a savepoint may have to restore in a sub-journal, which spills to a temporary file
		// past 64 KB unless temporary storage is in memory (measured: a fifth of the writer's
		// time went to those writes).
		q.Add("_pragma", "temp_store(MEMORY)")
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database at path and applies all pending migrations.
// A file whose migrations are already current is not handed to the migrator at all (one
// query), so opening a copy of a migrated template is cheap.
func Open(ctx context.Context, path string) (*Store, error) {
	w, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if cur, err := migrated(ctx, w); err != nil || !cur {
		if err == nil {
			err = Migrate(path)
		}
		if err != nil {
			w.Close()
			return nil, err
		}
	}

	r, err := sql.Open("sqlite", DSN(path, true))
	if err != nil {
		w.Close()
		return nil, err
	}
	n := max(4, runtime.NumCPU())
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	r.SetConnMaxIdleTime(0)

	s := &Store{Read: r, Write: w, path: path, w: newWriter(w)}
	if err := s.Ping(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	return s, nil
}

// latest is the version of the newest embedded migration.
var latest = sync.OnceValue(func() uint64 {
	var v uint64
	entries, _ := fs.ReadDir(migrations.FS, ".")
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		if n, err := strconv.ParseUint(num, 10, 64); ok && err == nil && strings.HasSuffix(e.Name(), ".up.sql") {
			v = max(v, n)
		}
	}
	return v
})

// migrated reports whether the database already has every embedded migration applied
// (golang-migrate keeps one row: the version and whether a migration stopped half-way).
func migrated(ctx context.Context, w *sql.DB) (bool, error) {
	var version uint64
	var dirty bool
	err := w.QueryRowContext(ctx, `SELECT version, dirty FROM schema_migrations LIMIT 1`).Scan(&version, &dirty)
	if err != nil {
		// No table yet (a new file) or no row: the migrator decides.
		return false, nil
	}
	return version == latest() && !dirty, nil
}

// Migrate applies every pending embedded migration to the database file at path.
func Migrate(path string) error {
	conn, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return fmt.Errorf("db: migrations: %w", err)
	}
	drv, err := msqlite.WithInstance(conn, &msqlite.Config{})
	if err != nil {
		return fmt.Errorf("db: migrate %s: %w", path, err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "sqlite", drv)
	if err != nil {
		return fmt.Errorf("db: migrate: %w", err)
	}
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("db: migrate %s: %w", path, err)
	}
	return nil
}

// Ping checks that both pools answer a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.row(ctx, "SELECT 1").Scan(&one); err != nil {
		return err
	}
	return s.Write.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Synchronous reads back the write connection's PRAGMA synchronous: "off", "normal", "full"
// or "extra". The server logs it at start, so an operator (and the kill -9 test) can see
// that acknowledged writes are made durable.
func (s *Store) Synchronous(ctx context.Context) (string, error) {
	var n int
	if err := s.Write.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&n); err != nil {
		return "", err
	}
	if names := []string{"off", "normal", "full", "extra"}; n >= 0 && n < len(names) {
		return names[n], nil
	}
	return strconv.Itoa(n), nil
}

// Close stops the writer (after the writes already queued) and closes both pools.
func (s *Store) Close() error {
	if s.b != nil {
		return errors.New("db: Close on a store bound to a transaction")
	}
	s.w.stop()
	return errors.Join(s.w.closeStmts(), s.Read.Close(), s.Write.Close())
}

// mapErr turns driver errors that have a meaning into the package's sentinels.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return fmt.Errorf("%w: %v", ErrConflict, err)
		}
	}
	return err
}

// synchronous is FULL. Only a test binary may ask for OFF (GEREGE_TEST_SYNCHRONOUS=OFF), so
// that the tests which guard durability can show that they notice when it is not FULL.
func synchronous() string {
	if testing.Testing() && os.Getenv("GEREGE_TEST_SYNCHRONOUS") == "OFF" {
		return "OFF"
	}
	return "FULL"
}
