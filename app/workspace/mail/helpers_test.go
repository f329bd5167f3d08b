package mail_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/db"
)

// world is a server with people in every relation the rule of who may write to whom knows
// (apitest.People: the chat's, mail's and the file manager's people).
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
	return &world{People: p, t: t, s: p.S, ts: p.TS, clock: p.Clock, ids: p.IDs}
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

func mustUser(t *testing.T, w *world, name string) *db.User {
	t.Helper()
	return w.User(name)
}

func jsonInto(raw []byte, v any) error { return json.Unmarshal(raw, v) }
