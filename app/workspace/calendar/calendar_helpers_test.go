package calendar_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"gerege/app"
	"gerege/app/apitest"
	"gerege/app/platform/secure"
	"gerege/db"
)

// The clock starts on Sunday 2026-11-22 10:00 UTC (18:00 in Ulaanbaatar). The host takes
// appointments Monday to Friday 09:00–12:00 Ulaanbaatar time (01:00–04:00 UTC), 30 minutes each.
var (
	monday9  = time.Date(2026, 11, 23, 1, 0, 0, 0, time.UTC) // Monday 09:00 in Ulaanbaatar
	tuesday9 = time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)
)

var (
	hashOnce sync.Once
	hash     string
)

func passwordHash() string {
	hashOnce.Do(func() { hash, _ = secure.NewHasher().Hash(apitest.Password) })
	return hash
}

type world struct {
	s     *app.Server
	ts    *httptest.Server
	clock *apitest.Clock
	host  *db.User
	hostC *http.Client
}

// person creates an account (individual, or a counselor of the host's organisation when
// counselor is set) and signs it in.
func (w *world) person(t *testing.T, email, first, lang string, counselor bool) (*db.User, *http.Client) {
	t.Helper()
	ctx := context.Background()
	n := db.NewUser{Email: email, PasswordHash: passwordHash(), FirstName: first, LastName: "Test", DateOfBirth: "2000-01-01",
		AccountType: "individual", Language: lang, Verified: true}
	if counselor {
		n.AccountType = "enterprise"
	}
	u, err := w.s.Store().CreateUser(ctx, n, w.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if counselor {
		if _, err := w.s.Store().Write.Exec(`INSERT INTO organizations (name, created_at) VALUES ('Steppe Center', '2026-11-01T00:00:00.000Z')`); err != nil {
			t.Fatal(err)
		}
		if _, err := w.s.Store().Write.Exec(`INSERT INTO memberships (organization_id, user_id, role, created_at)
			VALUES ((SELECT max(id) FROM organizations), ?, 'counselor', '2026-11-01T00:00:00.000Z')`, u.ID); err != nil {
			t.Fatal(err)
		}
	}
	return u, apitest.SignIn(t, w.ts, email)
}

// newWorld starts a server on the clock with a counselor who published weekday mornings.
func newWorld(t *testing.T) *world {
	t.Helper()
	clock := apitest.NewClock()
	s, ts := apitest.NewServerClock(t, clock)
	w := &world{s: s, ts: ts, clock: clock}
	w.host, w.hostC = w.person(t, "host@example.mn", "Oyuna", "mn", true)
	hours := []map[string]any{}
	for d := 1; d <= 5; d++ {
		hours = append(hours, map[string]any{"weekday": d, "start": "09:00", "end": "12:00"})
	}
	r := w.call(t, w.hostC, "PUT", "/api/booking/availability", map[string]any{"slotMinutes": 30, "bufferMinutes": 0,
		"timeZone": "Asia/Ulaanbaatar", "published": true, "hours": hours, "exceptions": []any{}})
	apitest.MustStatus(t, r, 200)
	return w
}

// call sends a same-origin JSON request as a signed-in browser does; headers are name, value pairs.
func (w *world) call(t *testing.T, c *http.Client, method, path string, body any, headers ...string) apitest.Reply {
	t.Helper()
	return apitest.Call(t, c, w.ts, method, path, body, "", append([]string{"Sec-Fetch-Site", "same-origin"}, headers...)...)
}

func (w *world) book(t *testing.T, c *http.Client, start time.Time, note string, headers ...string) apitest.Reply {
	t.Helper()
	return w.call(t, c, "POST", "/api/booking/bookings", map[string]any{"hostId": w.host.ID, "start": start.Format(time.RFC3339), "note": note}, headers...)
}

// kinds counts a person's notifications of kind.
func (w *world) kinds(t *testing.T, userID int64, kind string) int {
	t.Helper()
	list, _, err := w.s.Store().Notifications(context.Background(), db.NotificationFilter{UserID: userID, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range list {
		if x.Kind == kind {
			n++
		}
	}
	return n
}
