package mail_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
)

// mailStream is an open GET /api/chat/events?topics=… of one person, its events' data lines.
type mailStream struct {
	t      *testing.T
	events chan map[string]any
}

// stream opens it on the real router (w.ts records whole answers for the contract check: a
// stream never ends).
func (w *world) stream(raw *httptest.Server, name, topics string) *mailStream {
	w.t.Helper()
	r := apitest.Call(w.t, nil, w.ts, "POST", "/api/auth/login", map[string]any{"email": name + "@example.mn", "password": apitest.Password}, "")
	apitest.MustStatus(w.t, r, 200)
	ctx, cancel := context.WithCancel(context.Background())
	w.t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", raw.URL+"/api/chat/events?topics="+topics, nil)
	req.Header.Set("Authorization", "Bearer "+r.Str("accessToken"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	if res.StatusCode != 200 {
		w.t.Fatalf("stream of %s: %d", name, res.StatusCode)
	}
	s := &mailStream{t: w.t, events: make(chan map[string]any, 100)}
	go func() {
		defer res.Body.Close()
		defer close(s.events)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var ev map[string]any
				_ = json.Unmarshal([]byte(line), &ev)
				s.events <- ev
			}
		}
	}()
	if ev := s.next(); ev["type"] != "ready" {
		w.t.Fatalf("first event of %s: %v", name, ev)
	}
	return s
}

func (s *mailStream) next() map[string]any {
	s.t.Helper()
	select {
	case ev, ok := <-s.events:
		if !ok {
			s.t.Fatal("the stream ended")
		}
		return ev
	case <-time.After(5 * time.Second):
		s.t.Fatal("no event within 5 s")
	}
	return nil
}

// A letter arriving is told on its recipients' open mail streams (the workspace's live stream,
// the chat's hub), after it is stored, with only the thread's id; nobody else's stream hears
// of it. Events are in order per stream, so a later letter to the others proves the first one
// never reached them.
func TestLiveArrival(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	raw := httptest.NewServer(w.s.Handler())
	t.Cleanup(raw.Close)
	counselor := w.stream(raw, "counselor1", "mail")
	manager := w.stream(raw, "manager1", "mail")
	stranger := w.stream(raw, "stranger", "chat,mail")
	applicant := w.stream(raw, "applicant", "mail")

	first := w.letter("applicant", "Live letter", "secret live words", "counselor1")
	ev := counselor.next()
	if ev["type"] != "mail" || ev["threadId"] != float64(first) {
		t.Fatalf("the recipient's stream: %v", ev)
	}
	if r := w.must(200, "counselor1", "GET", "/api/mail/list", nil); !strings.Contains(r.Raw, "Live letter") {
		t.Errorf("told before it was stored: %s", r.Raw)
	}
	// The others' streams: their next event is their own letter, never the first one.
	for _, c := range []struct {
		s        *mailStream
		from, to string
	}{{manager, "owner1", "manager1"}, {stranger, "admin", "stranger"}, {applicant, "counselor1", "applicant"}} {
		id := w.letter(c.from, "For "+c.to, "hello", c.to)
		got := c.s.next()
		if got["threadId"] != float64(id) {
			t.Errorf("%s's stream heard %v before their own letter %d", c.to, got, id)
		}
		if raw, _ := json.Marshal(got); strings.Contains(string(raw), "secret") || strings.Contains(string(raw), "Live letter") {
			t.Errorf("the event carries the letter: %s", raw)
		}
	}
	// A reply that adds someone tells them too (they are a recipient now).
	w.must(201, "counselor1", "POST", "/api/mail/send", map[string]any{"threadId": first, "body": "Adding my manager.", "add": []int64{w.ids["manager1"]}})
	for name, s := range map[string]*mailStream{"applicant": applicant, "manager1": manager} {
		if ev := s.next(); ev["threadId"] != float64(first) {
			t.Errorf("%s after the reply: %v", name, ev)
		}
	}
	// A stream's topics are checked.
	if r := w.call("counselor1", "GET", "/api/chat/events?topics=mail,gossip", nil); r.Status != 422 || !strings.Contains(r.Raw, `"topics"`) {
		t.Errorf("an unknown topic: %d %s", r.Status, r.Raw)
	}
}
