package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestBackupWhileWriting backs up a data file while a writer commits transactions that each
// add one row to two tables: every backup must pass SQLite's integrity check, hold the same
// rows in both tables (one snapshot, not a copy torn between transactions) and at least
// every row committed before it started. The backups go into folders that do not exist yet.
func TestBackupWhileWriting(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "live.db")
	var out, errb bytes.Buffer
	if code := run([]string{"migrate", "--create", "--db", data}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	store := openStore(t, data)
	defer store.Close()
	if _, err := store.Write.Exec(`CREATE TABLE t_a (n INTEGER PRIMARY KEY); CREATE TABLE t_b (n INTEGER PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	var (
		mu        sync.Mutex
		committed int
		progress  = make(chan int, 1000)
		stop      = make(chan struct{})
		done      = make(chan error, 1)
	)
	go func() {
		for n := 1; ; n++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			tx, err := store.Write.Begin()
			if err == nil {
				if _, err = tx.Exec(`INSERT INTO t_a VALUES (?)`, n); err == nil {
					_, err = tx.Exec(`INSERT INTO t_b VALUES (?)`, n)
				}
				if err == nil {
					err = tx.Commit()
				} else {
					tx.Rollback()
				}
			}
			if err != nil {
				done <- err
				return
			}
			mu.Lock()
			committed = n
			mu.Unlock()
			select {
			case progress <- n:
			default:
			}
		}
	}()
	<-progress // the writer is going
	for i := range 5 {
		mu.Lock()
		before := committed
		mu.Unlock()
		dst := filepath.Join(dir, "backups", fmt.Sprint(i), "gerege.db")
		out.Reset()
		errb.Reset()
		if code := run([]string{"backup", dst, "--db", data}, &out, &errb); code != 0 {
			t.Fatalf("backup %d: %s", i, errb.String())
		}
		<-progress // at least one more commit between backups
		b := openRaw(t, dst)
		var check string
		if err := b.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Errorf("backup %d: integrity_check %q %v", i, check, err)
		}
		var a, bb, maxA int
		b.QueryRow(`SELECT count(*), coalesce(max(n), 0) FROM t_a`).Scan(&a, &maxA)
		b.QueryRow(`SELECT count(*) FROM t_b`).Scan(&bb)
		b.Close()
		if a != bb || a != maxA {
			t.Errorf("backup %d is torn: %d rows in t_a (max %d), %d in t_b", i, a, maxA, bb)
		}
		if a < before {
			t.Errorf("backup %d has %d rows; %d were committed before it started", i, a, before)
		}
		for _, c := range []string{"-wal", "-shm", "-journal"} {
			if _, err := os.Stat(dst + c); err == nil {
				t.Errorf("backup %d left %s beside it", i, c)
			}
		}
		if fi, err := os.Stat(dst); err != nil || fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("backup %d: %v, mode %v: it holds the secret, so only its owner may read it", i, err, fi.Mode())
		}
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatalf("writer: %v", err)
	}
	// Overwriting a backup replaces it whole; the data file itself is refused.
	if code := run([]string{"backup", filepath.Join(dir, "backups", "0", "gerege.db"), "--db", data}, &out, &errb); code != 0 {
		t.Errorf("backup over an older backup: %s", errb.String())
	}
	errb.Reset()
	if code := run([]string{"backup", data, "--db", data}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "data file itself") {
		t.Errorf("backup onto the data file: %d %s", code, errb.String())
	}
}

// TestRestoreAfterKill runs the real server in a child process, backs it up while clients
// submit forms, lets it take more submissions, and checks that restore refuses while it runs.
// Then it kills the server with SIGKILL, which leaves a -wal file holding submissions newer
// than the backup, restores, and checks the restored data file is exactly the backup: copying
// the backup over the data file used to let SQLite replay that WAL and bring them back.
func TestRestoreAfterKill(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "live.db")
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	cmd := startChild(t, data, addr)
	killed := false
	defer func() {
		if !killed {
			cmd.cmd.Process.Kill()
			cmd.cmd.Wait()
		}
	}()
	client := &http.Client{Timeout: 5 * time.Second}
	submit := func(who string) string {
		body, _ := json.Marshal(map[string]string{"firstName": "Backup", "lastName": who,
			"email": "backup@example.mn", "description": "backup test"})
		res, err := client.Post("http://"+addr+"/api/forms/contact", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Error(err)
			return ""
		}
		defer res.Body.Close()
		var rec struct{ Reference string }
		if res.StatusCode != 201 || json.NewDecoder(res.Body).Decode(&rec) != nil {
			t.Errorf("submit: %d", res.StatusCode)
		}
		return rec.Reference
	}
	for i := range 20 {
		submit(fmt.Sprint("before-", i))
	}
	// Back up while two clients keep submitting.
	stop := make(chan struct{})
	started := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				submit(fmt.Sprint("during-", w, "-", i))
				select {
				case started <- struct{}{}:
				default:
				}
			}
		}()
	}
	<-started
	<-started
	backupFile := filepath.Join(dir, "backups", "nightly.db")
	var out, errb bytes.Buffer
	if code := run([]string{"backup", backupFile, "--db", data}, &out, &errb); code != 0 {
		t.Fatalf("backup while the server runs: %s", errb.String())
	}
	close(stop)
	wg.Wait()
	want := references(t, backupFile)
	if len(want) < 20 {
		t.Fatalf("the backup holds %d submissions; 20 were made before it", len(want))
	}
	var newer []string
	for i := range 30 {
		newer = append(newer, submit(fmt.Sprint("after-", i)))
	}

	errb.Reset()
	if code := run([]string{"restore", backupFile, "--db", data}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "in use") {
		t.Fatalf("restore while the server runs: exit %d, %s; want a refusal", code, errb.String())
	}
	if got := countRows(t, data); got < len(want)+len(newer) {
		t.Fatalf("the refused restore changed the data file: %d submissions", got)
	}

	if err := cmd.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.cmd.Wait()
	killed = true
	if fi, err := os.Stat(data + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatalf("after kill -9 there should be a WAL with the newer submissions: %v", err)
	}

	errb.Reset()
	out.Reset()
	if code := run([]string{"restore", backupFile, "--db", data}, &out, &errb); code != 0 {
		t.Fatalf("restore: %s", errb.String())
	}
	if got := references(t, data); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("restored %d submissions, the backup has %d; newer ones present: %v", len(got), len(want), intersect(got, newer))
	}
	// And the server starts on it.
	cmd = startChild(t, data, addr)
	killed = false
	if got := countRows(t, data); got != len(want) {
		t.Errorf("after restart on the restored file: %d submissions, want %d", got, len(want))
	}
	cmd.cmd.Process.Signal(os.Interrupt)
	cmd.cmd.Wait()
	killed = true
}

// TestRestoreRefuses: a missing or broken backup, and a backup that is a live data file with
// its WAL beside it, are refused before anything is touched.
func TestRestoreRefuses(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "g.db")
	var out, errb bytes.Buffer
	if code := run([]string{"migrate", "--create", "--db", data}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("not a database ", 100)), 0o600)
	for _, c := range []struct{ backup, want string }{
		{filepath.Join(dir, "nope.db"), "no data file"},
		{junk, "not a usable backup"},
		{data, "data file itself"},
	} {
		errb.Reset()
		if code := run([]string{"restore", c.backup, "--db", data}, &out, &errb); code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("restore %s: exit %d %q, want %q", filepath.Base(c.backup), code, errb.String(), c.want)
		}
	}
	// A data file held open by a store in this process counts as in use too.
	store := openStore(t, data)
	other := filepath.Join(dir, "other.db")
	if code := run([]string{"backup", other, "--db", data}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	errb.Reset()
	if code := run([]string{"restore", other, "--db", data}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "in use") {
		t.Errorf("restore while a store has the file open: %d %s", code, errb.String())
	}
	store.Close()
	if code := run([]string{"restore", other, "--db", data}, &out, &errb); code != 0 {
		t.Errorf("restore once it is closed: %s", errb.String())
	}
}

func openRaw(t *testing.T, path string) *sql.DB {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func references(t *testing.T, path string) []string {
	t.Helper()
	d := openRaw(t, path)
	defer d.Close()
	rows, err := d.QueryContext(context.Background(), `SELECT reference FROM submissions`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var refs []string
	for rows.Next() {
		var r string
		rows.Scan(&r)
		refs = append(refs, r)
	}
	sort.Strings(refs)
	return refs
}

func countRows(t *testing.T, path string) int {
	t.Helper()
	s := openStore(t, path)
	defer s.Close()
	var n int
	if err := s.Read.QueryRow(`SELECT count(*) FROM submissions`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func intersect(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	var both []string
	for _, x := range a {
		if in[x] {
			both = append(both, x)
		}
	}
	return both
}
