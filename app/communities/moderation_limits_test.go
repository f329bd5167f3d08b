package communities

import (
	"errors"
	"strings"
	"testing"
	"time"

	"gerege/app/platform/web"
	"gerege/db"
)

// The limits' 429, for each thing limited, new accounts and established ones: Retry-After and
// a message naming what and when, in both languages. Joins are the communities part's route;
// the rule is h.limit's, tested here directly.
func TestLimitsNameWhatAndWhen(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	h := &Handlers{Limiter: web.NewLimiter(clock), Now: clock, Limits: DefaultLimits()}
	fresh := &db.User{ID: 1, CreatedAt: now.Add(-time.Hour), EmailVerifiedAt: now.Add(-time.Hour)}
	unverified := &db.User{ID: 2, CreatedAt: now.AddDate(0, -1, 0)}
	old := &db.User{ID: 3, CreatedAt: now.AddDate(0, -1, 0), EmailVerifiedAt: now.AddDate(0, -1, 0)}
	for _, c := range []struct {
		u      *db.User
		what   string
		n      int
		en, mn string
	}{
		{fresh, "join", 5, "You can join again in 12 minutes.", "12 минутын дараа дахин нэгдэх"},
		{unverified, "report", 5, "You can report again in 12 minutes.", "12 минутын дараа дахин мэдээлэх"},
		{old, "join", 30, "You can join again in 2 minutes.", "2 минутын дараа дахин нэгдэх"},
		{fresh, "post", 3, "You can post again in 20 minutes.", "20 минутын дараа дахин нийтлэх"},
		{fresh, "comment", 15, "You can comment again in 4 minutes.", "4 минутын дараа дахин бичих"},
	} {
		for i := 0; i < c.n; i++ {
			if err := h.limit(c.u, c.what); err != nil {
				t.Fatalf("%s #%d of %d: %v", c.what, i+1, c.n, err)
			}
		}
		err := h.limit(c.u, c.what)
		var e *web.Error
		if !errors.As(err, &e) || e.Status != 429 || e.RetryAfter <= 0 {
			t.Fatalf("%s after %d: %v", c.what, c.n, err)
		}
		if en := e.Localize("en").Message; !strings.Contains(en, c.en) {
			t.Errorf("%s: %q lacks %q", c.what, en, c.en)
		}
		if mn := e.Localize("mn").Message; !strings.Contains(mn, c.mn) {
			t.Errorf("%s: %q lacks %q", c.what, mn, c.mn)
		}
	}
}
