// Package db is the store: it opens the SQLite file with a read pool and a single-connection
// write pool, applies the embedded migrations, and holds one file of queries per aggregate.
// It knows nothing of HTTP.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"runtime"

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
	ErrNotFound = errors.New("db: not found")
	ErrConflict = errors.New("db: conflict")
)

// Store is the application's handle on the database.
type Store struct {
	// Read is a pool of read-only connections (PRAGMA query_only), sized to the cores.
	Read *sql.DB
	// Write has exactly one connection: SQLite allows one writer, and queuing in Go instead of
	// in SQLite's busy handler means no request ever sees "database is locked".
	Write *sql.DB
	path  string
}

// DSN returns the connection string used for path. synchronous=FULL on the write pool so an
// acknowledged write survives power loss (see docs/operations.md); _txlock=immediate so a
// write transaction takes the lock at BEGIN instead of failing on upgrade.
func DSN(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(FULL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database at path and applies all pending migrations.
func Open(ctx context.Context, path string) (*Store, error) {
	if err := Migrate(path); err != nil {
		return nil, err
	}
	w, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)

	r, err := sql.Open("sqlite", DSN(path, true))
	if err != nil {
		w.Close()
		return nil, err
	}
	n := max(4, runtime.NumCPU())
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	r.SetConnMaxIdleTime(0)

	s := &Store{Read: r, Write: w, path: path}
	if err := s.Ping(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	return s, nil
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
	if err := s.Read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return err
	}
	return s.Write.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Close closes both pools.
func (s *Store) Close() error {
	return errors.Join(s.Read.Close(), s.Write.Close())
}

// Tx runs fn in one write transaction: committed when fn returns nil, rolled back otherwise.
func (s *Store) Tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.Write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return mapErr(err)
	}
	return mapErr(tx.Commit())
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
