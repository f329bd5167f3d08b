package app

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Graceful shutdown. Go's http.Server.Shutdown closes the listener — resetting connections
// the kernel had already accepted into its queue — and closes idle keep-alive connections at
// once, so a request a client has just sent on one is lost. Both are requests the client
// sees as sent, so the drainer stops the server in this order instead:
//  1. every response from now on says "Connection: close", so each connection ends after
//     the request it carries;
//  2. the listen queue is shrunk (Linux: listen(fd, 0), so the kernel completes no new
//     handshakes while one is queued) and emptied by the server's own accept loop, then the
//     listener is closed: connections already accepted by the kernel are served, later ones
//     are refused;
//  3. connections that are idle (keep-alive) or have sent nothing yet get idleGrace to send
//     a request, which is answered; after it, those with no bytes waiting are closed;
//  4. http.Server.Shutdown then waits for the requests still running, up to the grace
//     period; only then do the mail worker and jobs stop and the database close.
type drainer struct {
	draining atomic.Bool
	mu       sync.Mutex
	conns    map[net.Conn]*connInfo
}

type connInfo struct {
	state http.ConnState
	since time.Time
}

// idleGrace is how long an idle connection may still send a request once shutdown began.
const idleGrace = time.Second

func newDrainer() *drainer { return &drainer{conns: map[net.Conn]*connInfo{}} }

// drainListener closes once: drain closes it, and http.Server.Shutdown must not then report
// the second close as a failure. It hands out its socket for the queue checks.
type drainListener struct {
	net.Listener
	once sync.Once
	err  error
}

func (l *drainListener) Close() error {
	l.once.Do(func() { l.err = l.Listener.Close() })
	return l.err
}

func (l *drainListener) SyscallConn() (syscall.RawConn, error) {
	sc, ok := l.Listener.(syscall.Conn)
	if !ok {
		return nil, errors.ErrUnsupported
	}
	return sc.SyscallConn()
}

// track is the server's ConnState hook.
func (d *drainer) track(c net.Conn, st http.ConnState) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch st {
	case http.StateClosed, http.StateHijacked:
		delete(d.conns, c)
	default:
		d.conns[c] = &connInfo{state: st, since: time.Now()}
	}
}

// closeAfter marks every response "Connection: close" once shutdown began.
func (d *drainer) closeAfter(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.draining.Load() {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
}

// drain runs steps 1–3; it returns when no connection is left, or when ctx ends.
func (d *drainer) drain(ctx context.Context, ln net.Listener) {
	start := time.Now()
	d.draining.Store(true)
	shrinkQueue(ln)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for queued(ln) > 0 && ctx.Err() == nil {
		<-tick.C
	}
	ln.Close()
	for ctx.Err() == nil {
		d.mu.Lock()
		for c, info := range d.conns {
			if info.state == http.StateActive {
				continue // its answer says Connection: close, or it turns idle below
			}
			since := info.since
			if since.Before(start) {
				since = start
			}
			if time.Since(since) >= idleGrace && !pending(c) {
				c.Close() // the server's goroutine reads the error and reports StateClosed
			}
		}
		left := len(d.conns)
		d.mu.Unlock()
		// Wait for every connection, the running ones too: one whose request began before the
		// signal goes idle after its answer, and Shutdown would close it at once, under a
		// request its client may just have sent.
		if left == 0 {
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Millisecond):
		}
	}
}
