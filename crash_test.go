package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestMain lets this test binary act as the server in a child process (crash test).
func TestMain(m *testing.M) {
	if os.Getenv("GEREGE_TEST_CHILD") == "1" {
		os.Exit(run(os.Args[len(os.Args)-5:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// child is the server running as a child process of this test binary.
type child struct {
	cmd *exec.Cmd
	log *syncBuffer // its stderr: JSON log lines
}

// syncBuffer is a bytes.Buffer safe to read while the child's output is copied into it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startChild starts the server on db and returns once it answers /readyz and has logged
// its start-up line. env adds environment variables.
func startChild(t *testing.T, db, addr string, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$", "serve", "--addr", addr, "--db", db)
	cmd.Env = append(os.Environ(), "GEREGE_TEST_CHILD=1", "GEREGE_LOG_LEVEL=info", "GEREGE_LOG_FORMAT=json",
		"GEREGE_LIMIT_FORMS_IP=1000000/1s")
	cmd.Env = append(cmd.Env, env...)
	c := &child{cmd: cmd, log: &syncBuffer{}}
	cmd.Stderr = c.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get("http://" + addr + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 && c.started() != nil {
				return c
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill()
	t.Fatalf("server did not start: %s", c.log.String())
	return nil
}

// started returns the server's "listening" log line, or nil before it is written.
func (c *child) started() map[string]any {
	for line := range strings.Lines(c.log.String()) {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil && m["msg"] == "listening" {
			return m
		}
	}
	return nil
}

// durable checks the synchronous setting the server read back from its write connection
// and logged at start. kill -9 cannot show whether synchronous is FULL (the operating system
// keeps what the process wrote), power loss can: only FULL makes every acknowledged write
// survive it, so anything else fails the crash test.
func (c *child) durable() error {
	got, _ := c.started()["synchronous"].(string)
	if got != "full" {
		return fmt.Errorf("the server's write connection runs with synchronous=%q, not full: acknowledged writes could be lost on power loss", got)
	}
	return nil
}

// TestCrashKeepsAcknowledgedSubmissions kills the server with SIGKILL while clients submit
// forms (enough at once for the writer to commit them in groups), restarts it on the same
// file, and checks that every submission that was answered with success is there. It first
// checks that the server commits with synchronous=FULL, which kill -9 alone cannot tell.
func TestCrashKeepsAcknowledgedSubmissions(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "crash.db")
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	c := startChild(t, db, addr)
	if err := c.durable(); err != nil {
		c.cmd.Process.Kill()
		c.cmd.Wait()
		t.Fatal(err)
	}

	const enough = 1000 // acknowledged before the kill
	var mu sync.Mutex
	var acked []string
	reached := make(chan struct{})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 5 * time.Second}
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body, _ := json.Marshal(map[string]string{"firstName": "Crash", "lastName": fmt.Sprint(w, "-", i),
					"email": "crash@example.mn", "description": "kill -9 test"})
				res, err := client.Post("http://"+addr+"/api/forms/contact", "application/json", bytes.NewReader(body))
				if err != nil {
					continue // the server is gone: this one was never acknowledged
				}
				var rec struct{ Reference string }
				if res.StatusCode == 201 && json.NewDecoder(res.Body).Decode(&rec) == nil {
					mu.Lock()
					acked = append(acked, rec.Reference)
					if len(acked) == enough {
						close(reached)
					}
					mu.Unlock()
				}
				res.Body.Close()
			}
		}(w)
	}
	select {
	case <-reached: // kill while the clients keep submitting
	case <-time.After(60 * time.Second):
	}
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
	close(stop)
	wg.Wait()
	if len(acked) < enough {
		t.Fatalf("only %d submissions were acknowledged before the kill", len(acked))
	}

	c = startChild(t, db, addr)
	defer func() { c.cmd.Process.Signal(os.Interrupt); c.cmd.Wait() }()
	// Read back through the store directly: every acknowledged reference must exist.
	store := openStore(t, db)
	defer store.Close()
	missing := 0
	for _, ref := range acked {
		var n int
		if err := store.Read.QueryRow(`SELECT count(*) FROM submissions WHERE reference = ?`, ref).Scan(&n); err != nil || n != 1 {
			missing++
		}
	}
	if missing > 0 {
		t.Fatalf("%d of %d acknowledged submissions were lost", missing, len(acked))
	}
	t.Logf("%d acknowledged submissions, all present after kill -9 and restart", len(acked))
}

// The crash test's durability check fails a server that runs with synchronous=OFF (a test
// binary may ask for it; the release binary cannot).
func TestCrashTestNoticesSynchronousOff(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	c := startChild(t, filepath.Join(t.TempDir(), "off.db"), addr, "GEREGE_TEST_SYNCHRONOUS=OFF")
	defer func() { c.cmd.Process.Signal(os.Interrupt); c.cmd.Wait() }()
	if err := c.durable(); err == nil || !strings.Contains(err.Error(), `"off"`) {
		t.Fatalf("a server with synchronous=OFF passed the durability check: %v", err)
	}
}

func openStore(t *testing.T, path string) *dbStore {
	t.Helper()
	s, err := dbOpen(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
