package chat_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/workspace/chat"
)

// stream is an open GET /api/chat/events, read line by line.
type stream struct {
	t      *testing.T
	cancel context.CancelFunc
	events chan sseEvent
}

type sseEvent struct {
	id   string
	data chat.Event
}

// openStream opens the stream on the real router (not through the contract recorder, which
// buffers whole answers) with the mobile app's bearer token; lastID, when set, resumes.
func openStream(t *testing.T, base, token, lastID string) *stream {
	t.Helper()
	return openStreamWith(t, http.DefaultClient, base, token, lastID)
}

func openStreamWith(t *testing.T, client *http.Client, base, token, lastID string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/chat/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := client.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		cancel()
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &stream{t: t, cancel: cancel, events: make(chan sseEvent, 100)}
	go func() {
		defer res.Body.Close()
		defer close(s.events)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				ev.id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.data)
			case line == "" && ev.data.Type != "":
				s.events <- ev
				ev = sseEvent{}
			}
		}
	}()
	t.Cleanup(cancel)
	return s
}

// next waits for the next event of type typ (skipping others).
func (s *stream) next(typ string) sseEvent {
	s.t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				s.t.Fatalf("the stream ended while waiting for %q", typ)
			}
			if ev.data.Type == typ {
				return ev
			}
		case <-timeout:
			s.t.Fatalf("no %q event within 5 s", typ)
		}
	}
}

func token(t *testing.T, w *world, name string) string {
	t.Helper()
	r := apitest.Call(t, nil, w.ts, "POST", "/api/auth/login", map[string]any{"email": name + "@example.mn", "password": apitest.Password}, "")
	apitest.MustStatus(t, r, 200)
	return r.Str("accessToken")
}

// A message sent by A arrives at B's open stream; B's stream resumes after a reconnect with
// Last-Event-ID and gets what was sent meanwhile; typing and read receipts reach the other.
// Over HTTP/1.1 the live streams are handed to the hub's writers (the connections are
// hijacked: the server's ConnState says so); over HTTP/2 each stays with its handler.
func TestStreamDeliversAndResumes(t *testing.T) {
	t.Parallel()
	for _, h2 := range []bool{false, true} {
		name := map[bool]string{false: "HTTP/1.1, detached", true: "HTTP/2, in the handler"}[h2]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			raw := httptest.NewUnstartedServer(w.s.Handler())
			var hijacked atomic.Int64
			raw.Config.ConnState = func(_ net.Conn, st http.ConnState) {
				if st == http.StateHijacked {
					hijacked.Add(1)
				}
			}
			client := http.DefaultClient
			if h2 {
				raw.EnableHTTP2 = true
				raw.StartTLS()
				client = raw.Client()
			} else {
				raw.Start()
			}
			t.Cleanup(raw.Close)
			streamScenario(t, w, raw.URL, client)
			if got := hijacked.Load(); h2 != (got == 0) {
				t.Errorf("hijacked connections: %d (HTTP/2 %v)", got, h2)
			}
		})
	}
}

func streamScenario(t *testing.T, w *world, base string, client *http.Client) {
	openStream := func(t *testing.T, _ string, token, lastID string) *stream {
		t.Helper()
		return openStreamWith(t, client, base, token, lastID)
	}
	raw := struct{ URL string }{base}
	conv := w.direct("applicant", "counselor1")
	tokB := token(t, w, "counselor1")

	b := openStream(t, raw.URL, tokB, "")
	b.next("ready")
	sent := w.send("applicant", conv, "hello over SSE")
	ev := b.next("message")
	if ev.data.Message == nil || ev.data.Message.Body != "hello over SSE" || ev.data.Message.ID != sent || ev.id == "" {
		t.Fatalf("message event: %+v", ev)
	}
	// B's stream being open, the message counts as delivered at once.
	r := w.must(200, "applicant", "GET", convPath(conv, "/messages?limit=1"), nil)
	if st := r.Body["items"].([]any)[0].(map[string]any)["status"]; st != "delivered" {
		t.Errorf("status with the recipient online: %v", st)
	}
	// Typing reaches the other, not kept (no id).
	w.must(204, "applicant", "POST", convPath(conv, "/typing"), struct{}{})
	if ty := b.next("typing"); ty.id != "" || ty.data.UserID != w.ids["applicant"] {
		t.Errorf("typing event: %+v", ty)
	}
	lastSeen := ev.id
	b.cancel()

	// Offline: two messages and an edit are sent; the reconnect gets them in order.
	m2 := w.send("applicant", conv, "while you were away")
	w.send("applicant", conv, "and one more")
	w.must(200, "applicant", "PATCH", fmt.Sprintf("/api/chat/messages/%d", m2), map[string]any{"body": "while you were away (edited)"})
	b2 := openStream(t, raw.URL, tokB, lastSeen)
	got := []string{}
	for range 2 {
		got = append(got, b2.next("message").data.Message.Body)
	}
	ed := b2.next("edited")
	b2.next("ready")
	// The replay shows messages as they are now (the edit is already in), then the edit itself.
	if got[0] != "while you were away (edited)" || got[1] != "and one more" || ed.data.Message.ID != m2 {
		t.Errorf("resumed: %v, edit %+v", got, ed.data)
	}
	if strings.Contains(strings.Join(got, " "), "hello over SSE") {
		t.Errorf("the resume sent again what was seen before: %v", got)
	}
	// B reads: A's stream gets the read receipt.
	a := openStream(t, raw.URL, token(t, w, "applicant"), "")
	a.next("ready")
	w.send("counselor1", conv, "back now")
	a.next("message")
	last := w.send("applicant", conv, "great, one question")
	w.must(200, "counselor1", "POST", convPath(conv, "/read"), map[string]any{"messageId": last})
	if rd := a.next("read"); rd.data.UserID != w.ids["counselor1"] || rd.data.MessageID != last {
		t.Errorf("read receipt: %+v", rd.data)
	}
	// Nobody else's stream hears of the conversation.
	c := openStream(t, raw.URL, token(t, w, "stranger"), "0")
	c.next("ready")
	w.send("applicant", conv, "private")
	select {
	case ev := <-c.events:
		t.Errorf("a stranger's stream got %+v", ev.data)
	case <-time.After(300 * time.Millisecond):
	}
	// Signed out: 401.
	res, err := client.Get(raw.URL + "/api/chat/events")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 {
		t.Errorf("signed out: %d", res.StatusCode)
	}
}
