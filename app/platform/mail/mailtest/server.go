// Package mailtest runs a real SMTP server (emersion/go-smtp) on loopback for tests; only test
// files import it, so it never reaches the binary.
package mailtest

import (
	"bytes"
	"io"
	"net"
	"sync"

	"github.com/emersion/go-smtp"
)

// TestServer is a real SMTP server on loopback (from emersion/go-smtp) that keeps what it
// receives, for tests here and in other packages.
type TestServer struct {
	Addr string
	srv  *smtp.Server
	mu   sync.Mutex
	msgs []Received
	got  chan struct{}
}

// Received is one delivered message.
type Received struct {
	From string
	To   []string
	Data []byte
}

// StartTestServer listens on 127.0.0.1 at a free port.
func StartTestServer() (*TestServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	ts := &TestServer{Addr: ln.Addr().String(), got: make(chan struct{}, 100)}
	ts.srv = smtp.NewServer(backend{ts})
	ts.srv.Domain = "localhost"
	ts.srv.AllowInsecureAuth = true
	go ts.srv.Serve(ln)
	return ts, nil
}

// Close stops the server.
func (ts *TestServer) Close() { ts.srv.Close() }

// Messages returns what was delivered so far.
func (ts *TestServer) Messages() []Received {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]Received(nil), ts.msgs...)
}

// Delivered is signalled once per delivered message.
func (ts *TestServer) Delivered() <-chan struct{} { return ts.got }

type backend struct{ ts *TestServer }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{ts: b.ts}, nil }

type session struct {
	ts  *TestServer
	cur Received
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error { s.cur.From = from; return nil }
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.cur.To = append(s.cur.To, to)
	return nil
}
func (s *session) Data(r io.Reader) error {
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil {
		return err
	}
	s.cur.Data = buf.Bytes()
	s.ts.mu.Lock()
	s.ts.msgs = append(s.ts.msgs, s.cur)
	s.ts.mu.Unlock()
	s.ts.got <- struct{}{}
	s.cur = Received{}
	return nil
}
func (s *session) Reset()        { s.cur = Received{} }
func (s *session) Logout() error { return nil }
