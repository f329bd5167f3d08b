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

func startChild(t *testing.T, db, addr string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$", "serve", "--addr", addr, "--db", db)
	cmd.Env = append(os.Environ(), "GEREGE_TEST_CHILD=1", "GEREGE_LOG_LEVEL=error", "GEREGE_LIMIT_FORMS_IP=1000000/1s")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get("http://" + addr + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return cmd
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill()
	t.Fatalf("server did not start: %s", stderr.String())
	return nil
}

// TestCrashKeepsAcknowledgedSubmissions kills the server with SIGKILL while clients submit
// forms in a loop, restarts it on the same file, and checks that every submission that was
// answered with success is there.
func TestCrashKeepsAcknowledgedSubmissions(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "crash.db")
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	cmd := startChild(t, db, addr)

	var mu sync.Mutex
	var acked []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 5 * time.Second}
	for w := 0; w < 4; w++ {
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
					mu.Unlock()
				}
				res.Body.Close()
			}
		}(w)
	}
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	close(stop)
	wg.Wait()
	if len(acked) < 50 {
		t.Fatalf("only %d submissions were acknowledged before the kill", len(acked))
	}

	cmd = startChild(t, db, addr)
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
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

func openStore(t *testing.T, path string) *dbStore {
	t.Helper()
	s, err := dbOpen(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
