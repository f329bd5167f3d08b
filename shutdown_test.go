package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestSIGTERMAnswersEveryAcceptedRequest runs the server as a child process, keeps it busy
// with concurrent requests over raw TCP — half on keep-alive connections, half on a new
// connection each — sends SIGTERM in the middle, and requires every request that was
// accepted (connection established and the whole request written) to get a complete answer.
// Requests the server never accepted (refused connections) are fine: it is stopping.
func TestSIGTERMAnswersEveryAcceptedRequest(t *testing.T) {
	dir := t.TempDir()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	cmd := startChild(t, filepath.Join(dir, "term.db"), addr).cmd
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	body := `{"firstName":"Term","lastName":"Test","email":"term@example.mn","description":"SIGTERM under load"}`
	requests := []string{
		"POST /api/forms/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
			fmt.Sprint(len(body)) + "\r\n\r\n" + body,
		"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /en HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n",
		"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
	}
	var answered, answeredAfter, refused atomic.Int64
	var signalled atomic.Bool
	var mu sync.Mutex
	var failures []string
	fail := func(s string) {
		mu.Lock()
		failures = append(failures, s)
		mu.Unlock()
	}
	stop, loaded, sig := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 64; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			keepAlive := w%2 == 0
			// A quarter of the workers hold their keep-alive connection idle until the signal,
			// then send on it at once: the moment a shutdown is most likely to drop a request.
			idleAtSignal := w%4 == 0
			var conn net.Conn
			var br *bufio.Reader
			for i := 0; ; i++ {
				select {
				case <-stop:
					if conn != nil {
						conn.Close()
					}
					return
				default:
				}
				if conn == nil {
					c, err := net.DialTimeout("tcp", addr, 5*time.Second)
					if err != nil {
						refused.Add(1) // never accepted
						if signalled.Load() {
							<-stop
						}
						continue
					}
					conn, br = c, bufio.NewReader(c)
				}
				req := requests[(w+i)%len(requests)]
				conn.SetDeadline(time.Now().Add(20 * time.Second))
				if _, err := io.WriteString(conn, req); err != nil {
					// Not sent (the server closed a keep-alive connection first, as it may
					// when it said nothing about keeping it): not accepted.
					conn.Close()
					conn = nil
					continue
				}
				method, _, _ := strings.Cut(req, " ")
				res, err := http.ReadResponse(br, &http.Request{Method: method})
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				if err != nil {
					fail(fmt.Sprintf("worker %d request %d (%s, keep-alive %v, after signal %v): %v",
						w, i, method, keepAlive, signalled.Load(), err))
					conn.Close()
					conn = nil
					continue
				}
				if res.StatusCode >= 500 {
					fail(fmt.Sprintf("worker %d: status %d", w, res.StatusCode))
				}
				if answered.Add(1) == 300 {
					close(loaded)
				}
				if signalled.Load() {
					answeredAfter.Add(1)
				}
				if !keepAlive || res.Close {
					conn.Close()
					conn = nil
				} else if idleAtSignal && !signalled.Load() {
					select {
					case <-sig:
					case <-stop:
					}
				}
			}
		}(w)
	}
	// Signal once the server is under load (a condition, not a sleep).
	select {
	case <-loaded:
	case <-time.After(30 * time.Second):
		t.Fatal("the server answered too few requests")
	}
	signalled.Store(true)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	close(sig)
	var exitErr error
	select {
	case exitErr = <-exited:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the server did not exit after SIGTERM")
	}
	close(stop)
	wg.Wait()
	if exitErr != nil {
		t.Errorf("exit: %v", exitErr)
	}
	if len(failures) > 0 {
		t.Errorf("%d accepted requests got no complete answer (of %d answered); first: %s", len(failures),
			answered.Load(), strings.Join(failures[:min(5, len(failures))], "\n"))
	}
	t.Logf("%d answered (%d after SIGTERM), %d connections refused while stopping", answered.Load(), answeredAfter.Load(), refused.Load())
}
