package chat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/db"
)

// world is a server with people in every relation the chat's rules know (apitest.People),
// all with a verified national ID (writing to people waits for it) but unverified, who has not
// and shares owner1's organisation.
type world struct {
	*apitest.People
	t     *testing.T
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	ids   map[string]int64
}

func newWorld(t *testing.T, edit ...func(*app.Config)) *world {
	t.Helper()
	p := apitest.NewPeople(t, edit...)
	w := &world{People: p, t: t, s: p.S, ts: p.TS, clock: p.Clock, ids: p.IDs}
	for name, id := range w.ids {
		if err := p.S.Store().SaveIDVerification(context.Background(), db.IDVerification{UserID: id, Status: "verified", Surname: "Test",
			GivenName: name, DateOfBirth: "1999-01-01", IDNumberEnc: []byte("x"), IDNumberMask: "УБ******01", UpdatedAt: p.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	u := p.Add("unverified", db.NewUser{AccountType: "enterprise"})
	p.Exec(`INSERT INTO memberships (organization_id, user_id, role, created_at) VALUES (?, ?, 'counselor', ?)`,
		p.User("owner1").OrgID, u.ID, db.T(p.Clock.Now()))
	return w
}

func (w *world) as(name string) *http.Client { return w.As(name) }

// call sends a JSON request as name ("" for nobody) from the same site.
func (w *world) call(name, method, path string, body any, headers ...string) apitest.Reply {
	w.t.Helper()
	return w.Call(name, method, path, body, headers...)
}

// must is call that stops the test unless the status is want.
func (w *world) must(want int, name, method, path string, body any, headers ...string) apitest.Reply {
	w.t.Helper()
	return w.Must(want, name, method, path, body, headers...)
}

// direct starts (or gets) the one-to-one conversation of a with b and returns its id.
func (w *world) direct(a, b string) int64 {
	w.t.Helper()
	r := w.call(a, "POST", "/api/chat/conversations", map[string]any{"userIds": []int64{w.ids[b]}})
	if r.Status != 201 && r.Status != 200 {
		w.t.Fatalf("direct %s→%s: %d %s", a, b, r.Status, r.Raw)
	}
	return int64(r.Body["id"].(float64))
}

var seq atomic.Int64

// send sends text from name into conversation id and returns the message's id.
func (w *world) send(name string, conv int64, text string) int64 {
	w.t.Helper()
	r := w.must(201, name, "POST", fmt.Sprintf("/api/chat/conversations/%d/messages", conv),
		map[string]any{"clientId": fmt.Sprintf("client-%d", seq.Add(1)), "body": text})
	return int64(r.Body["id"].(float64))
}

func convPath(id int64, rest string) string {
	return fmt.Sprintf("/api/chat/conversations/%d%s", id, rest)
}

func mustUser(t *testing.T, w *world, name string) *db.User {
	t.Helper()
	u, err := w.s.Store().UserByID(context.Background(), w.ids[name])
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func jsonInto(raw []byte, v any) error { return json.Unmarshal(raw, v) }
