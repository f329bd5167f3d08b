package mail_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gerege/app/apitest"
	"gerege/app/platform/notify"
	workspacemail "gerege/app/workspace/mail"
	"gerege/db"
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

// nextLetter is the stream's next event that is not the person's own change of their mailbox
// (mailChanged without a thread, told after each of their own sends and moves), which must
// carry nothing else.
func (s *mailStream) nextLetter() map[string]any {
	s.t.Helper()
	for {
		ev := s.next()
		if ev["type"] != "mailChanged" || ev["threadId"] != nil {
			return ev
		}
		if !bare(ev) {
			s.t.Errorf("a change of one's own mailbox carries more than its type: %v", ev)
		}
	}
}

// bare: an event with nothing but its type (and the id 0 of events that are not kept).
func bare(ev map[string]any) bool { return len(ev) == 2 && ev["id"] == float64(0) }

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
		got := c.s.nextLetter()
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
		if ev := s.nextLetter(); ev["threadId"] != float64(first) {
			t.Errorf("%s after the reply: %v", name, ev)
		}
	}
	// A stream's topics are checked.
	if r := w.call("counselor1", "GET", "/api/chat/events?topics=mail,gossip", nil); r.Status != 422 || !strings.Contains(r.Raw, `"topics"`) {
		t.Errorf("an unknown topic: %d %s", r.Status, r.Raw)
	}
}

// The platform's letters (Deliver, here through another module's notification) are told on
// the recipient's open mail stream once their transaction has committed, and on nobody
// else's: the other person's next event is a letter of their own. A transaction that rolls
// back tells nobody.
func TestPlatformLettersLive(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	raw := httptest.NewServer(w.s.Handler())
	t.Cleanup(raw.Close)
	applicant := w.stream(raw, "applicant", "mail")
	other := w.stream(raw, "counselor1", "chat,mail")
	ctx := context.Background()
	st := w.s.Store()

	// Rolled back: no letter, no event.
	err := st.InTx(ctx, func(tx *db.Store) error {
		if _, err := workspacemail.Deliver(ctx, tx, workspacemail.Letter{UserID: w.ids["applicant"], Subject: "Never sent",
			Body: "rolled back", At: w.clock.Now()}); err != nil {
			return err
		}
		return errors.New("changed my mind")
	})
	if err == nil {
		t.Fatal("the transaction did not fail")
	}
	var thread int64
	err = st.InTx(ctx, func(tx *db.Store) error {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: w.ids["applicant"], Kind: "forms.status", At: w.clock.Now(),
			Params: map[string]string{"reference": "SUP-2026-000077", "status": "accepted", "form": "support"}, Link: "/dashboard/forms"}); err != nil {
			return err
		}
		var err error
		thread, err = workspacemail.Deliver(ctx, tx, workspacemail.Letter{UserID: w.ids["applicant"], Subject: "Your invoice",
			Body: "Invoice 2026-0002", At: w.clock.Now()})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// Two letters, two events (the notification's letter first), both after the commit.
	first, second := applicant.next(), applicant.next()
	if first["type"] != "mail" || second["type"] != "mail" || second["threadId"] != float64(thread) || first["threadId"] == second["threadId"] {
		t.Fatalf("the applicant's stream: %v then %v", first, second)
	}
	r := w.must(200, "applicant", "GET", "/api/mail/list", nil)
	if !strings.Contains(r.Raw, "SUP-2026-000077") || !strings.Contains(r.Raw, "Your invoice") || strings.Contains(r.Raw, "Never sent") {
		t.Errorf("the applicant's inbox: %s", r.Raw)
	}
	// The other person's stream heard nothing of them: its next event is its own letter.
	mine := w.letter("owner1", "For the counselor", "hello", "counselor1")
	if ev := other.next(); ev["threadId"] != float64(mine) {
		t.Errorf("another person's stream heard %v before their own letter %d", ev, mine)
	}
	if raw, _ := json.Marshal(first); strings.Contains(string(raw), "SUP-2026") || strings.Contains(string(raw), "invoice") {
		t.Errorf("the event carries the letter: %s", raw)
	}
}

// One's own changes reach one's other tabs and devices: sending, marking read, a label. The
// event names no thread and carries nothing; nobody else hears it.
func TestOwnDevicesFollow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	raw := httptest.NewServer(w.s.Handler())
	t.Cleanup(raw.Close)
	phone := w.stream(raw, "counselor1", "mail")
	desk := w.stream(raw, "counselor1", "chat,mail")
	other := w.stream(raw, "manager1", "mail")

	thread := w.letter("counselor1", "From my phone", "sent on the phone", "applicant")
	w.must(200, "counselor1", "POST", "/api/mail/modify", map[string]any{"threadIds": []int64{thread}, "action": "star"})
	w.must(201, "counselor1", "POST", "/api/mail/labels", map[string]any{"name": "Phone"})
	for name, s := range map[string]*mailStream{"phone": phone, "desk": desk} {
		for i := 0; i < 3; i++ {
			if ev := s.next(); ev["type"] != "mailChanged" || !bare(ev) {
				t.Errorf("%s's event %d: %v", name, i, ev)
			}
		}
	}
	mine := w.letter("owner1", "For the manager", "hello", "manager1")
	if ev := other.next(); ev["type"] != "mail" || ev["threadId"] != float64(mine) {
		t.Errorf("another person heard %v before their own letter %d", ev, mine)
	}
}
