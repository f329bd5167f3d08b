package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// The single writer.
//
// Every write of the store goes through one goroutine that owns the write connection. It takes
// the first queued transaction, BEGINs, takes whatever else is queued meanwhile (up to
// maxGroup), runs each in a SAVEPOINT of its own (released on success, rolled back on error, so
// one failing write does not fail the others), COMMITs once (synchronous=FULL: one fsync for
// the whole group) and only then answers the callers. Under load a group holds many
// transactions, so the fsync is shared; alone, a transaction is committed as soon as it is
// done. The statements it runs are prepared once per statement text and reused.

const (
	// maxGroup bounds a group: the later callers of a large group wait for the earlier ones.
	maxGroup = 64
	// maxPrepared bounds the cache of prepared statements (texts built at run time would grow
	// it forever; beyond the bound they simply run unprepared).
	maxPrepared = 512
)

// ErrClosed is returned by InTx once the store is closed.
var ErrClosed = errors.New("db: store closed")

// FaultFunc lets a test make write statements fail: before each write statement of a
// transaction the store calls it with the statement's number in its transaction (1 for the
// first) and its SQL text; a non-nil result fails that statement with that error.
type FaultFunc func(n int, query string) error

type writer struct {
	db       *sql.DB
	jobs     chan *job
	maxGroup int // the bound of a group: maxGroup (1 in the benchmark of commits without grouping)

	mu     sync.RWMutex // held for reading while queuing, for writing while closing
	closed bool
	done   chan struct{} // closed when the writer goroutine has ended

	// Owned by the writer goroutine (and by Close once it has ended).
	prepared map[string]*sql.Stmt
	pending  map[string]struct{} // texts to prepare after the current group

	fault atomic.Pointer[FaultFunc]
	// gid is the writer goroutine's id and running is set while a transaction's function
	// runs, so that InTx on the unbound store from inside that function (which would wait
	// for itself forever) panics with an explanation instead (in test binaries: see
	// checkSelfDeadlock).
	gid     uint64
	running atomic.Bool

	groups, jobsDone atomic.Int64 // transactions committed or rolled back, and the jobs they held
}

type job struct {
	ctx      context.Context
	fn       func(*Store) error
	s        *Store // the unbound store InTx was called on
	err      error
	panicked any
	after    []func() // AfterCommit functions, run by InTx once committed
	done     chan struct{}
}

// group is one write transaction shared by the jobs of a group.
type group struct {
	tx         *sql.Tx
	stmts      map[string]*sql.Stmt // prepared statements bound to tx
	savepoints bool                 // each job runs in a savepoint (more than one job)
	later      []statement          // deferred statements of the released jobs
}

// statement is a write deferred to the end of the group (see execLater).
type statement struct {
	q    string
	args []any
}

// bound is what a Store bound to a transaction carries: its group's transaction, the
// number of write statements this job has run (the fault hook counts them) and its
// deferred statements.
type bound struct {
	g      *group
	w      *writer
	writes int
	later  []statement
	after  []func()
}

func newWriter(db *sql.DB) *writer {
	w := &writer{db: db, jobs: make(chan *job, 4*maxGroup), maxGroup: maxGroup, done: make(chan struct{}),
		prepared: map[string]*sql.Stmt{}, pending: map[string]struct{}{}}
	started := make(chan struct{})
	go func() {
		w.gid = goid()
		close(started)
		w.loop()
	}()
	<-started
	return w
}

// SetFault installs f (nil removes it) for every transaction of this store; see FaultFunc.
// It is meant for tests (db/dbtest wraps it).
func (s *Store) SetFault(f FaultFunc) {
	if f == nil {
		s.w.fault.Store(nil)
		return
	}
	s.w.fault.Store(&f)
}

// InTx runs fn with a Store bound to one write transaction: every store method called on it
// runs inside that transaction (reads see its writes). The transaction is committed when fn
// returns nil and rolled back when it returns an error or panics (the panic goes on in the
// caller). Driver errors come back as the package's sentinels (ErrNotFound, ErrConflict).
//
// Called on a bound store, InTx runs fn in the same transaction (no new BEGIN, no
// savepoint): its writes stand or fall with the outermost function's result, so a nested
// error must be returned, not swallowed, to undo what the nested call wrote.
//
// fn may run in a group with other transactions (see the writer above); InTx returns only
// once the commit that holds fn's writes is durable. fn must use the bound store it is
// given, never the store InTx was called on (a write there would wait for fn itself
// forever; test binaries panic instead), and must not keep it after returning. Do slow
// work (hashing, rendering, network) before InTx: fn holds the only writer.
func (s *Store) InTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.b != nil {
		return mapErr(fn(s))
	}
	w := s.w
	if checkSelfDeadlock && w.running.Load() && goid() == w.gid {
		panic("db: InTx on the unbound store inside a transaction: use the store passed to fn")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	j := &job{ctx: ctx, fn: fn, s: s, done: make(chan struct{})}
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return ErrClosed
	}
	w.jobs <- j
	w.mu.RUnlock()
	<-j.done
	if j.panicked != nil {
		panic(j.panicked)
	}
	if j.err != nil {
		return mapErr(j.err)
	}
	for _, f := range j.after {
		f()
	}
	return nil
}

// AfterCommit calls f once the transaction the store is bound to has committed (in the
// goroutine that called InTx, after the commit is durable), and never if it rolls back. On
// an unbound store there is nothing to wait for: f runs at once. It suits what must follow
// a commit but is no part of it, such as waking the email sender.
func (s *Store) AfterCommit(f func()) {
	if s.b == nil {
		f()
		return
	}
	s.b.after = append(s.b.after, f)
}

func (w *writer) stop() {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.jobs)
	}
	w.mu.Unlock()
	<-w.done
}

func (w *writer) closeStmts() error {
	var errs []error
	for q, st := range w.prepared {
		errs = append(errs, st.Close())
		delete(w.prepared, q)
	}
	return errors.Join(errs...)
}

func (w *writer) loop() {
	defer close(w.done)
	batch := make([]*job, 0, maxGroup)
	for first := range w.jobs {
		batch = append(batch[:0], first)
	drain:
		for len(batch) < w.maxGroup {
			select {
			case j, ok := <-w.jobs:
				if !ok {
					break drain
				}
				batch = append(batch, j)
			default:
				break drain
			}
		}
		w.commit(batch)
		w.groups.Add(1)
		w.jobsDone.Add(int64(len(batch)))
		for _, j := range batch {
			close(j.done)
		}
		clear(batch)
		w.prepare()
	}
}

// commit runs the jobs of one group in one transaction and sets each job's outcome.
func (w *writer) commit(batch []*job) {
	bg := context.Background()
	tx, err := w.db.BeginTx(bg, nil)
	if err != nil {
		for _, j := range batch {
			j.err = err
		}
		return
	}
	single := len(batch) == 1
	g := &group{tx: tx, stmts: map[string]*sql.Stmt{}, savepoints: !single}
	ok := 0
	for i, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.err = err // given up before it started: nothing written
			continue
		}
		if single {
			b := w.run(j, g)
			if j.err == nil && j.panicked == nil {
				j.after = b.after
				ok++
			}
			continue
		}
		if _, err := g.exec(bg, w, "SAVEPOINT job"); err != nil {
			w.abort(batch[:i+1], tx, err)
			w.fail(batch[i+1:], err)
			return
		}
		b := w.run(j, g)
		if j.err == nil && j.panicked == nil {
			if _, err := g.exec(bg, w, "RELEASE job"); err != nil {
				w.abort(batch[:i+1], tx, err)
				w.fail(batch[i+1:], err)
				return
			}
			g.later = append(g.later, b.later...)
			j.after = b.after
			ok++
			continue
		}
		// Undo this job only. If SQLite already rolled the whole transaction back (some
		// errors do: a full disk, an I/O error), the savepoint is gone and so are the
		// writes of the jobs before: they all fail.
		if _, err := g.exec(bg, w, "ROLLBACK TO job"); err != nil {
			w.abort(batch[:i+1], tx, err)
			w.fail(batch[i+1:], err)
			return
		}
		if _, err := g.exec(bg, w, "RELEASE job"); err != nil {
			w.abort(batch[:i+1], tx, err)
			w.fail(batch[i+1:], err)
			return
		}
	}
	if ok == 0 {
		_ = tx.Rollback()
		return
	}
	for _, st := range g.later {
		if _, err := g.exec(bg, w, st.q, st.args...); err != nil {
			w.abort(batch, tx, err)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		// A failed COMMIT (a deferred constraint, a full disk) may leave the transaction
		// open on the connection: end it so the next group can BEGIN.
		_, _ = w.db.ExecContext(bg, "ROLLBACK")
		for _, j := range batch {
			if j.err == nil && j.panicked == nil {
				j.err = err
			}
		}
	}
}

// abort rolls the group back after a failure that leaves the transaction unusable: every job
// that had succeeded fails with err.
func (w *writer) abort(done []*job, tx *sql.Tx, err error) {
	_ = tx.Rollback()
	err = fmt.Errorf("db: group transaction rolled back: %w", err)
	for _, j := range done {
		if j.err == nil && j.panicked == nil {
			j.err = err
		}
	}
}

func (w *writer) fail(jobs []*job, err error) {
	for _, j := range jobs {
		j.err = fmt.Errorf("db: group transaction rolled back: %w", err)
	}
}

// run calls one job's function with a store bound to the group's transaction.
func (w *writer) run(j *job, g *group) *bound {
	b := &bound{g: g, w: w}
	tx := &Store{Read: j.s.Read, Write: j.s.Write, path: j.s.path, w: w, b: b}
	defer func() {
		w.running.Store(false)
		if p := recover(); p != nil {
			j.panicked = p
		}
	}()
	w.running.Store(true)
	j.err = j.fn(tx)
	return b
}

// prepare prepares, between groups (when the write connection is free), the statement
// texts the last group ran unprepared.
func (w *writer) prepare() {
	for q := range w.pending {
		delete(w.pending, q)
		if len(w.prepared) >= maxPrepared {
			continue
		}
		if st, err := w.db.PrepareContext(context.Background(), q); err == nil {
			w.prepared[q] = st
		}
	}
}

// stmt returns q prepared and bound to the group's transaction, or nil when q has not been
// prepared yet (it will be after this group).
func (g *group) stmt(ctx context.Context, w *writer, q string) *sql.Stmt {
	if st, ok := g.stmts[q]; ok {
		return st
	}
	st, ok := w.prepared[q]
	if !ok {
		if len(w.prepared) < maxPrepared {
			w.pending[q] = struct{}{}
		}
		return nil
	}
	st = g.tx.StmtContext(ctx, st)
	g.stmts[q] = st
	return st
}

func (g *group) exec(ctx context.Context, w *writer, q string, args ...any) (sql.Result, error) {
	if st := g.stmt(ctx, w, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return g.tx.ExecContext(ctx, q, args...)
}

func (g *group) queryRow(ctx context.Context, w *writer, q string, args ...any) *sql.Row {
	if st := g.stmt(ctx, w, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return g.tx.QueryRowContext(ctx, q, args...)
}

func (g *group) query(ctx context.Context, w *writer, q string, args ...any) (*sql.Rows, error) {
	if st := g.stmt(ctx, w, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return g.tx.QueryContext(ctx, q, args...)
}

// The store's methods reach the database only through the helpers below: reads go to the
// read pool (or, on a bound store, to its transaction); writes go to the bound transaction,
// or through InTx in a transaction of their own.
//
// Inside a transaction a statement runs with the caller's context values but without its
// cancellation: interrupting SQLite in the middle of a write would roll back the whole group,
// other callers' writes included. A caller that gave up before its turn is skipped instead.

// fault counts a write statement of the bound store's transaction and asks the fault hook.
func (b *bound) fault(q string) error {
	b.writes++
	if f := b.w.fault.Load(); f != nil {
		return (*f)(b.writes, q)
	}
	return nil
}

// exec runs a write statement.
func (s *Store) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if s.b == nil {
		var res sql.Result
		err := s.InTx(ctx, func(tx *Store) error {
			var err error
			res, err = tx.exec(ctx, q, args...)
			return err
		})
		return res, err
	}
	if err := s.b.fault(q); err != nil {
		return nil, err
	}
	res, err := s.b.g.exec(context.WithoutCancel(ctx), s.w, q, args...)
	return res, mapErr(err)
}

// execLater runs a write statement at the end of the transaction's group, after every job's
// savepoint, instead of at once. It is for writes to FTS5 tables, which nothing in the same
// transaction reads back: FTS5 flushes its pending terms to a new segment of its index at
// every SAVEPOINT and RELEASE, so an insert inside each job's savepoint costs a segment
// write (and later merges) per job, while after the savepoints all the group's inserts
// become one segment at COMMIT. Its fault (see FaultFunc) is counted when it is queued; if
// it fails when it runs, the whole group fails. Alone in its transaction, it runs at once.
func (s *Store) execLater(ctx context.Context, q string, args ...any) error {
	if s.b == nil {
		_, err := s.exec(ctx, q, args...)
		return err
	}
	if !s.b.g.savepoints {
		_, err := s.exec(ctx, q, args...)
		return err
	}
	if err := s.b.fault(q); err != nil {
		return err
	}
	s.b.later = append(s.b.later, statement{q: q, args: args})
	return nil
}

// writeRow runs a write statement that returns one row (RETURNING) and scans it into dest.
func (s *Store) writeRow(ctx context.Context, dest []any, q string, args ...any) error {
	if s.b == nil {
		return s.InTx(ctx, func(tx *Store) error { return tx.writeRow(ctx, dest, q, args...) })
	}
	if err := s.b.fault(q); err != nil {
		return err
	}
	return mapErr(s.b.g.queryRow(context.WithoutCancel(ctx), s.w, q, args...).Scan(dest...))
}

// row runs a query for at most one row.
func (s *Store) row(ctx context.Context, q string, args ...any) *sql.Row {
	if s.b == nil {
		return s.Read.QueryRowContext(ctx, q, args...)
	}
	return s.b.g.queryRow(context.WithoutCancel(ctx), s.w, q, args...)
}

// rows runs a query.
func (s *Store) rows(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if s.b == nil {
		return s.Read.QueryContext(ctx, q, args...)
	}
	return s.b.g.query(context.WithoutCancel(ctx), s.w, q, args...)
}

// checkSelfDeadlock turns on, in test binaries only, the check that InTx is not called on
// the unbound store from inside a transaction's function (which would wait for itself
// forever): reading the goroutine id costs ~10 µs a call, too much for every write of a
// running server, and the tests exercise every handler's transactions.
var checkSelfDeadlock = testing.Testing()

// goid returns the current goroutine's id, read from the header of its stack trace
// ("goroutine 18 [running]:"). It serves only the self-deadlock check of InTx.
func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	const prefix = len("goroutine ")
	if len(b) <= prefix {
		return 0
	}
	b = b[prefix:]
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	n, _ := strconv.ParseUint(string(b[:i]), 10, 64)
	return n
}

// WriterStats reports how many transactions the writer has committed (or rolled back) and how
// many InTx calls they held: their ratio is the average group size.
func (s *Store) WriterStats() (groups, txs int64) {
	return s.w.groups.Load(), s.w.jobsDone.Load()
}
